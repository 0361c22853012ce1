// pdfprose's service worker: after the first visit the page works offline, and later visits
// start faster, because the shell and the vendored runtime (Pyodide, the wheels) are kept in the
// browser's Cache Storage.
//
// What to keep comes from static/vendor/precache.js, written by scripts/vendor_web.py at set-up:
// every file with the SHA-256 of its content (as Subresource Integrity), and pdfminer.six's CMap
// files likewise. Nothing else is ever kept, and nothing is kept that does not match its recorded
// hash: a file changed on the server since set-up, or damaged on the way, is served but not kept.
// A new set-up changes precache.js, so the browser installs this worker again, and the install
// copies unchanged files from the previous cache instead of downloading them again.
// - 'cache' files (the Pyodide runtime, bundled libraries, pinned dependency wheels) are served
//   from the cache first: they only change with a new set-up, which brings a new cache. The
//   install fetches each with its integrity, so the browser checks it before it is kept; one
//   that does not match fails the install (the previous worker, and its complete set, stays).
// - 'network' files (the page, its scripts, the wheel manifest and the engine's own wheel) are
//   fetched fresh whenever the network answers, and come from the cache when it does not; the
//   manifest and the engine wheel thus always agree (the worker checks the wheel's hash).
// It only ever talks to its own origin (the page's Content-Security-Policy says so too).

importScripts('static/vendor/precache.js');

// The engine worker's start-up snapshot (app/engine/snapshot.js) has a cache of its own,
// outside this prefix: this worker never touches it.
const PREFIX = 'pdfprose-';
const PRECACHE = self.PDFPROSE_PRECACHE;
const CACHE = `${PREFIX}${PRECACHE.revision}`;
const HASH_HEADER = 'x-pdfprose-integrity';
const NETWORK_TIMEOUT_MS = 4000; // a network that does not answer counts as offline
const SCOPE = new URL(self.registration.scope);
const INDEX = new URL('./', SCOPE).href;
const ENTRIES = new Map(PRECACHE.files.map((file) => [new URL(file.url, SCOPE).href, file]));
// pdfminer's CJK CMap files (scripts/vendor_web.py moved them out of its wheel): not precached
// (6 MB, and most documents need none), but kept once a document has fetched one, so that it
// converts offline next time. The engine asks for them with a query naming their content (?v=);
// they are kept under their plain URL, whatever the query, and only if their bytes match.
const CMAPS_PATH = new URL('static/vendor/cmaps/', SCOPE).pathname;
const CMAPS = new Map(Object.entries(PRECACHE.cmaps).map(([name, integrity]) => [new URL(`${CMAPS_PATH}${name}`, SCOPE).href, integrity]));

async function integrityOf(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/** A copy of `response` with `body` (its bytes, decoded), tagged with its integrity. */
function tagged(response, body, integrity) {
  const headers = new Headers(response.headers);
  // The bytes are decoded already: a content coding named here would be wrong.
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(HASH_HEADER, integrity);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** `response` kept under `key` if its bytes are `integrity`'s; false when they are not. */
async function keepVerified(cache, key, response, integrity) {
  const body = await response.arrayBuffer();
  if ((await integrityOf(body)) !== integrity) return false;
  await cache.put(key, tagged(response, body, integrity));
  return true;
}

async function precacheOne(cache, older, url, file) {
  for (const old of older) {
    const hit = await old.match(url);
    if (hit && hit.headers.get(HASH_HEADER) === file.integrity) {
      await cache.put(url, hit);
      return;
    }
  }
  // The browser checks the bytes against `integrity` (the fetch fails otherwise).
  const response = await fetch(url, { cache: 'no-cache', integrity: file.integrity });
  if (!response.ok) throw new Error(`${response.status} for ${url}`);
  const body = await response.arrayBuffer();
  await cache.put(url, tagged(response, body, file.integrity));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
      const older = await Promise.all(names.map((name) => caches.open(name)));
      const copied = await Promise.allSettled([...ENTRIES].map(([url, file]) => precacheOne(cache, older, url, file)));
      const failed = copied.find((outcome) => outcome.status === 'rejected');
      if (failed) {
        // An incomplete set would not work offline: nothing of it is kept, the install fails (the
        // previous worker, if any, stays), and the next visit tries again.
        await caches.delete(CACHE);
        throw failed.reason;
      }
      // CMaps kept before, carried over if this set-up has the very same file.
      for (const old of older) {
        for (const request of await old.keys()) {
          const integrity = CMAPS.get(request.url);
          const hit = integrity && (await old.match(request));
          if (hit && hit.headers.get(HASH_HEADER) === integrity) await cache.put(request.url, hit);
        }
      }
      // The new files are complete: take over now (a page mid-boot keeps what it has loaded).
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      // The first visit's page and its engine worker are served from here at once, so that a CMap
      // a document fetches on that visit is kept for offline use too.
      await self.clients.claim();
    })(),
  );
});

async function fromCache(key) {
  const cache = await caches.open(CACHE);
  return cache.match(key);
}

async function cacheFirst(request, key) {
  const cached = await fromCache(key);
  if (cached) return cached;
  return fetch(request);
}

async function keptOnceFetched(event, request, key, integrity) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit && hit.headers.get(HASH_HEADER) === integrity) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') event.waitUntil(keepVerified(cache, key, response.clone(), integrity));
  return response;
}

async function networkFirst(event, request, key, integrity) {
  const network = fetch(request).then((response) => {
    if (response.ok && response.type === 'basic') {
      event.waitUntil(caches.open(CACHE).then((cache) => keepVerified(cache, key, response.clone(), integrity)));
    }
    return response;
  });
  const timeout = new Promise((resolve) => {
    setTimeout(() => resolve(null), NETWORK_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([network, timeout]);
    if (response) return response;
    return (await fromCache(key)) ?? (await network);
  } catch (err) {
    const cached = await fromCache(key);
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return;
  if (url.pathname.startsWith(CMAPS_PATH)) {
    const key = `${url.origin}${url.pathname}`;
    const integrity = CMAPS.get(key);
    if (integrity) event.respondWith(keptOnceFetched(event, request, key, integrity));
    return; // not a CMap this set-up knows: the browser fetches it as usual, nothing is kept
  }
  let key = url.href.split('#')[0];
  if (request.mode === 'navigate') {
    if (url.pathname !== SCOPE.pathname && url.pathname !== `${SCOPE.pathname}index.html`) return;
    key = INDEX;
  }
  const file = ENTRIES.get(key);
  if (!file) return; // not part of the page: the browser fetches it as usual
  event.respondWith(
    file.strategy === 'cache' ? cacheFirst(request, key) : networkFirst(event, request, key, file.integrity),
  );
});
