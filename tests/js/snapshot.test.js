// The start-up snapshot's store (app/engine/snapshot.js) over a stand-in for Cache Storage: a
// stored snapshot comes back only for its own key and only with the bytes it was stored with.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findSnapshot, snapshotKey, storeSnapshot } from '../../app/engine/snapshot.js';

// Cache Storage as the worker sees it (caches.open(name) → match / put / delete by URL).
function fakeCaches() {
  const stores = new Map();
  return {
    stores,
    async open(name) {
      if (!stores.has(name)) stores.set(name, new Map());
      const store = stores.get(name);
      return {
        match: async (url) => store.get(url)?.clone(),
        put: async (url, response) => void store.set(url, response),
        delete: async (url) => store.delete(url),
      };
    },
  };
}

// Rewrites the bytes of the one stored entry through `bytes`, its headers kept.
async function tamper(caches, { bytes }) {
  const [store] = caches.stores.values();
  const [[url, response]] = store.entries();
  const data = new Uint8Array(await response.clone().arrayBuffer());
  store.set(url, new Response(bytes(data), { headers: response.headers }));
}

async function withCaches(run) {
  const caches = fakeCaches();
  globalThis.caches = caches;
  try {
    await run(caches);
  } finally {
    delete globalThis.caches;
  }
}

const heap = () => Uint8Array.from({ length: 4096 }, (_, i) => i % 251);

test('a stored snapshot comes back for its key, byte for byte', () =>
  withCaches(async () => {
    const key = await snapshotKey({ pyodide: '314.0.7', wheels: ['sha256-a'] });
    assert.equal(await findSnapshot(Promise.resolve(key)), null); // nothing stored yet
    assert.equal(await storeSnapshot(key, heap()), true);
    const found = await findSnapshot(Promise.resolve(key));
    assert.deepEqual(await found.bytes, heap());
  }));

test('another key (another runtime, other wheels) finds nothing', () =>
  withCaches(async () => {
    const key = await snapshotKey({ pyodide: '314.0.7', wheels: ['sha256-a'] });
    const other = await snapshotKey({ pyodide: '314.0.7', wheels: ['sha256-b'] });
    assert.notEqual(key, other);
    await storeSnapshot(key, heap());
    assert.equal(await findSnapshot(Promise.resolve(other)), null);
  }));

test('damaged bytes are refused, and forgotten', () =>
  withCaches(async (caches) => {
    const key = await snapshotKey({ pyodide: '314.0.7' });
    await storeSnapshot(key, heap());
    await tamper(caches, {
      bytes: (b) => {
        b[b.length >> 1] ^= 0xff;
        return b;
      },
    });
    const found = await findSnapshot(Promise.resolve(key));
    await assert.rejects(found.bytes, /damaged/);
    assert.equal(await findSnapshot(Promise.resolve(key)), null);
  }));

test('a truncated copy is refused', () =>
  withCaches(async (caches) => {
    const key = await snapshotKey({ pyodide: '314.0.7' });
    await storeSnapshot(key, heap());
    await tamper(caches, { bytes: (b) => b.subarray(0, 1000) });
    await assert.rejects((await findSnapshot(Promise.resolve(key))).bytes, /damaged/);
  }));

test('without Cache Storage nothing is found and nothing stored', async () => {
  assert.equal(typeof globalThis.caches, 'undefined');
  assert.equal(await findSnapshot(Promise.resolve('k')), null);
  assert.equal(await storeSnapshot('k', heap()), false);
});
