// Precompress files for the static server (run by scripts/vendor_web.py at set-up):
//   node scripts/precompress.mjs FILE...
// Writes FILE.br (brotli, quality 11) and FILE.gz (gzip, level 9) beside each FILE, which
// scripts/static_server.py sends with Content-Encoding to a browser that accepts them, as a
// production server does with precompressed files (nginx's gzip_static and brotli_static).
// Node's own zlib does both, so set-up needs no Python package for brotli. A variant that
// would not be smaller than its file is not written (and an old one is removed). Each variant is
// written to a temporary name and renamed, so a server never sends half of one.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Brotli's window (2^24 bytes, its largest): the runtime's 9.6 MB WebAssembly and the 9.7 MB
// uncompressed standard library find their repeats across the whole file (quality 11 with
// the default 4 MB window gave 2 % more on pyodide.asm.wasm).
const BROTLI_WINDOW_BITS = 24;

function write(path, data) {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: node scripts/precompress.mjs FILE...');
  process.exit(2);
}
for (const path of files) {
  const data = readFileSync(path);
  const variants = {
    br: () => brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz: () => gzipSync(data, { level: 9 }),
  };
  for (const [suffix, compress] of Object.entries(variants)) {
    const out = compress();
    if (out.length < data.length) write(`${path}.${suffix}`, out);
    else rmSync(`${path}.${suffix}`, { force: true });
  }
}
