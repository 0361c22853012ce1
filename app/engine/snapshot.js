// The engine's memory snapshot, kept in this browser for the next start (app/engine/runtime.js).
//
// Booting Pyodide and importing the engine costs seconds on every start, nearly all of it the
// interpreter compiling the Python standard library's sources (benchmarks/README.md, "Start-up").
// So after the first normal boot the worker copies the WebAssembly memory of the booted
// interpreter (Pyodide's makeMemorySnapshot: the whole heap, everything imported, no document
// yet) and keeps it here; the next start restores it instead of booting, which takes a fraction
// of a second. The snapshot is made in this browser from the files this origin served, never
// downloaded and never committed; it holds no document (it is made before the first one).
//
// A snapshot is used only if it was made by the same runtime and engine: its key is a SHA-256 of
// Pyodide's version, the wheels' SRI hashes, the sources copied into site-packages and the boot
// code itself (Pyodide checks its own BUILD_ID in the snapshot's header on top). Its bytes are
// checked against the SHA-256 stored with them, so a truncated or damaged copy is never
// restored. Anything wrong (no Cache Storage, no snapshot, another key, a bad hash, a failed
// restore) means a normal boot, which stores a fresh snapshot.

// Not under sw.js's 'pdfprose-' prefix: the service worker deletes those caches when a new
// set-up arrives, and this one is the worker's (its key tells a stale snapshot).
const CACHE_NAME = 'pdfprose:engine-snapshot';
// A key of Cache Storage only (never fetched): Cache Storage wants a URL.
const ENTRY_URL = new URL('../../engine-snapshot', import.meta.url).href; // the site's root
const KEY_HEADER = 'x-pdfprose-snapshot-key';
const HASH_HEADER = 'x-pdfprose-snapshot-sha256';
// Bumped when what goes into a snapshot changes in a way the key does not see.
export const SNAPSHOT_FORMAT = 2;

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

async function sha256(data) {
  return hex(await crypto.subtle.digest('SHA-256', data));
}

function available() {
  return typeof caches !== 'undefined' && typeof crypto?.subtle?.digest === 'function';
}

/** The key of a snapshot of the engine booted from `parts` (any JSON-able value). */
export async function snapshotKey(parts) {
  return sha256(new TextEncoder().encode(JSON.stringify({ format: SNAPSHOT_FORMAT, ...parts })));
}

/**
 * The snapshot stored for `key` (a promise: the stored copy is looked up meanwhile), or null
 * (none, another key, no Cache Storage). Found, it is `{bytes}`: a promise of its bytes, which
 * rejects (and forgets the copy) unless they match the SHA-256 stored with them, so that the
 * caller can start the runtime while they are read and checked.
 */
export async function findSnapshot(key) {
  if (!available()) return null;
  let hit;
  let body;
  try {
    hit = await (await caches.open(CACHE_NAME)).match(ENTRY_URL);
    if (!hit) return null;
    // Read at once, while the key is still being worked out (the manifest comes from the network).
    body = hit.arrayBuffer();
    body.catch(() => {});
    if (hit.headers.get(KEY_HEADER) !== (await key)) return null;
  } catch {
    return null;
  }
  const bytes = (async () => {
    const data = new Uint8Array(await body);
    if ((await sha256(data)) !== hit.headers.get(HASH_HEADER)) {
      await dropSnapshot();
      throw new Error('the stored snapshot is damaged');
    }
    return data;
  })();
  bytes.catch(() => {}); // the caller sees it through the boot that awaits it
  return { bytes };
}

/** Keep `bytes` as the snapshot for `key` (replacing any other); false when it could not be. */
export async function storeSnapshot(key, bytes) {
  if (!available()) return false;
  try {
    const headers = { 'content-type': 'application/octet-stream', [KEY_HEADER]: key, [HASH_HEADER]: await sha256(bytes) };
    await (await caches.open(CACHE_NAME)).put(ENTRY_URL, new Response(bytes, { headers }));
    return true;
  } catch {
    return false; // storage full or refused: the next start boots normally
  }
}

/** Forget the stored snapshot (it failed to restore). */
export async function dropSnapshot() {
  if (!available()) return;
  try {
    await (await caches.open(CACHE_NAME)).delete(ENTRY_URL);
  } catch {
    // nothing stored, or no storage: nothing to forget
  }
}
