// What the engine worker fetches besides the Pyodide runtime itself: the wheel manifest, the
// wheels (each checked against its SHA-256), the `cryptography` stand-in's sources, and, in the
// middle of a page, pdfminer.six's CJK CMap files. Every URL is relative to this file: the worker
// never reaches beyond its own origin.

const WHEELS_URL = new URL('../../static/wheels/', import.meta.url);
const COMPAT_URL = new URL('../py/', import.meta.url);
// pdfminer.six's CJK CMaps are not in its vendored wheel (scripts/vendor_web.py): the engine
// fetches one from here, synchronously, the first time a document's font needs it.
const CMAPS_URL = new URL('../../static/vendor/cmaps/', import.meta.url);
// The cryptography stand-in (see app/py/cryptography/__init__.py), copied into site-packages.
export const COMPAT_FILES = [
  'cryptography/__init__.py',
  'cryptography/exceptions.py',
  'cryptography/hazmat/__init__.py',
  'cryptography/hazmat/backends/__init__.py',
  'cryptography/hazmat/primitives/__init__.py',
  'cryptography/hazmat/primitives/ciphers/__init__.py',
  'cryptography/hazmat/primitives/ciphers/algorithms.py',
  'cryptography/hazmat/primitives/ciphers/modes.py',
];

async function fetchOk(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url}`);
  return response;
}

/** static/wheels/manifest.json: {wheels: [{file, size, integrity}], cmaps: {name: {size, sha256}}}. */
export async function fetchManifest() {
  // no-cache: the engine wheel keeps its file name across rebuilds, so always revalidate.
  return (await fetchOk(new URL('manifest.json', WHEELS_URL), { cache: 'no-cache' })).json();
}

/** Every wheel of `manifest`, as ArrayBuffers; the browser checks each against the SHA-256
 * that set-up recorded (fetch's `integrity`). */
export function fetchWheels(manifest) {
  return Promise.all(
    manifest.wheels.map(async ({ file, integrity }) => {
      const response = await fetchOk(new URL(file, WHEELS_URL), { cache: 'no-cache', integrity });
      return response.arrayBuffer();
    }),
  );
}

/** [[path, source]] of the cryptography stand-in. */
export function fetchCompat() {
  return Promise.all(
    COMPAT_FILES.map(async (path) => [path, await (await fetchOk(new URL(path, COMPAT_URL))).text()]),
  );
}

/**
 * The function pdfprose.pdf.cmaps calls, from Python in the middle of a page, for a CMap file of
 * `index` (the manifest's `cmaps`): a synchronous request, which a worker may make. It returns
 * the bytes (the engine checks them against the index's SHA-256) or null: not to be had.
 */
export function cmapFetcher(index) {
  return (name) => {
    if (!Object.hasOwn(index, name)) return null;
    try {
      const xhr = new XMLHttpRequest();
      // The query names the content: the service worker keeps each version under its own key.
      const version = String(index[name].sha256).slice(0, 16);
      xhr.open('GET', new URL(`${encodeURIComponent(name)}.json.gz?v=${version}`, CMAPS_URL).href, false);
      xhr.responseType = 'arraybuffer';
      xhr.send();
      return xhr.status === 200 ? new Uint8Array(xhr.response) : null;
    } catch {
      return null; // offline, and never fetched before
    }
  };
}
