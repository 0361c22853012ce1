// Entry point esbuild bundles into static/vendor/noble-ciphers.mjs: only AES-CBC, the one
// cipher pdfminer.six needs (see app/py/cryptography), so the bundle stays a few KB.
export { cbc } from '@noble/ciphers/aes.js';
