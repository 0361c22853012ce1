"""Browser end-to-end tests (real headless Chromium); fixtures in conftest.py."""
