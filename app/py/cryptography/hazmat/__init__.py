"""Namespace of the browser stand-in; see cryptography/__init__.py."""
