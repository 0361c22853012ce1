"""Browser stand-in for the ``cryptography`` package, just enough for pdfminer.six.

pdfminer.six imports ``cryptography`` at import time and uses only raw AES-CBC (AES-128/256
document decryption and the revision 6 password hash). The real package is a compiled wheel that
pdfprose does not ship to the browser; this one forwards AES-CBC to @noble/ciphers through
Pyodide's JS bridge (the worker registers it as the JS module ``pdfprose_aes``), which is fast
and synchronous. CPython keeps the real ``cryptography``: these files exist only in the browser's
site-packages, written there by app/engine/runtime.js at boot.
"""

__version__ = "0.0.0+pdfprose-browser-compat"
