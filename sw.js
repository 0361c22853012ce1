// pdfprose's service worker: after the first visit the page works offline, and later visits
// start faster, because the shell and the vendored runtime (Pyodide, the wheels) are kept in the
// browser's Cache Storage.
//
// What to keep comes from static/vendor/precache.js, written by scripts/vendor_web.py at set-up:
// every file with a hash of its content. A new set-up changes that file, so the browser installs
// this worker again, and the install copies unchanged files from the previous cache instead of
// downloading them again.
// - 'cache' files (the Pyodide runtime, bundled libraries, pinned dependency wheels) are served
//   from the cache first: they only change with a new set-up, which brings a new cache.
// - 'network' files (the page, its scripts, the wheel manifest and the engine's own wheel) are
//   fetched fresh whenever the network answers, and come from the cache when it does not; the
//   manifest and the engine wheel thus always agree (the worker checks the wheel's hash).
// It only ever talks to its own origin (the page's Content-Security-Policy says so too).

importScripts('static/vendor/precache.js');

// The engine worker's start-up snapshot (app/snapshot.js) has a cache of its own, outside this
// prefix: this worker never touches it.
const PREFIX = 'pdfprose-';
const PRECACHE = self.PDFPROSE_PRECACHE;
const CACHE = `${PREFIX}${PRECACHE.revision}`;
const REV_HEADER = 'x-pdfprose-rev';
const NETWORK_TIMEOUT_MS = 4000; // a network that does not answer counts as offline
const SCOPE = new URL(self.registration.scope);
const INDEX = new URL('./', SCOPE).href;
const ENTRIES = new Map(PRECACHE.files.map((file) => [new URL(file.url, SCOPE).href, file]));
// pdfminer's CJK CMap files (scripts/vendor_web.py moved them out of its wheel): not precached
// (6 MB, and most documents need none), but kept once a document has fetched one, so that it
// converts offline next time. Their URLs carry a hash of their content (?v=), so a kept file is
// never stale and is carried over from one set-up's cache to the next.
const CMAPS_PATH = new URL('static/vendor/cmaps/', SCOPE).pathname;

function tagged(response, rev) {
  const headers = new Headers(response.headers);
  headers.set(REV_HEADER, rev);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function precacheOne(cache, older, url, file) {
  for (const old of older) {
    const hit = await old.match(url);
    if (hit && hit.headers.get(REV_HEADER) === file.rev) {
      await cache.put(url, hit);
      return;
    }
  }
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${response.status} for ${url}`);
  await cache.put(url, tagged(response, file.rev));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
      const older = await Promise.all(names.map((name) => caches.open(name)));
      await Promise.all([...ENTRIES].map(([url, file]) => precacheOne(cache, older, url, file)));
      for (const old of older) {
        for (const request of await old.keys()) {
          if (new URL(request.url).pathname.startsWith(CMAPS_PATH)) await cache.put(request, await old.match(request));
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

async function keptOnceFetched(event, request, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    event.waitUntil(cache.put(key, copy));
  }
  return response;
}

async function networkFirst(event, request, key) {
  const network = fetch(request).then((response) => {
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      // Untagged: a later install fetches it again rather than trust an unknown version.
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
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
  let key = url.href.split('#')[0];
  if (request.mode === 'navigate') {
    if (url.pathname !== SCOPE.pathname && url.pathname !== `${SCOPE.pathname}index.html`) return;
    key = INDEX;
  }
  if (url.pathname.startsWith(CMAPS_PATH)) {
    event.respondWith(keptOnceFetched(event, request, url.href));
    return;
  }
  const file = ENTRIES.get(key);
  if (!file) return; // not part of the page: the browser fetches it as usual
  event.respondWith(file.strategy === 'cache' ? cacheFirst(request, key) : networkFirst(event, request, key));
});
