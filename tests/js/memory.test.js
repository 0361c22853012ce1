// The interpreter's memory (app/engine/memory.js): a start-up snapshot's heap size read from its
// header, the memory grown to hold it before the restore copies it in, and the growth limit; on
// a real WebAssembly.Memory behind a stand-in for Pyodide's Emscripten module.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capMemory, fitSnapshot, heapBytes, snapshotHeapBytes } from '../../app/engine/memory.js';

const PAGE = 65536;

// A snapshot as Pyodide's makeSnapshot lays it out: the 48-byte header (magic "\0snp", the heap's
// offset, the JSON's length, 0, the BUILD_ID), the JSON, padding to 16 bytes, then the heap.
function snapshot(heapPages, json = '{"hiwireKeys":[]}') {
  const start = Math.ceil((48 + 2 * json.length) / 16) * 16;
  const bytes = new Uint8Array(start + heapPages * PAGE);
  const words = new Uint32Array(bytes.buffer, 0, 12);
  words[0] = 0x706e7300;
  words[1] = start;
  words[2] = new TextEncoder().encodeInto(json, bytes.subarray(48)).written;
  bytes.fill(7, start); // the heap
  return bytes;
}

// What Pyodide's Emscripten module offers: its memory, HEAP8 over it, and growMemory (Emscripten's
// own: grow by whole pages to at least `size`, update the views; 1, or undefined when refused).
function emscriptenModule(pages, maximum = 64) {
  const memory = new WebAssembly.Memory({ initial: pages, maximum });
  const module = { memory, HEAP8: new Int8Array(memory.buffer) };
  module.growMemory = (size) => {
    try {
      memory.grow(((size - memory.buffer.byteLength + PAGE - 1) / PAGE) | 0);
      module.HEAP8 = new Int8Array(memory.buffer);
      return 1;
    } catch {
      return undefined;
    }
  };
  return module;
}

test("a snapshot's heap is everything after the offset its header gives", () => {
  assert.equal(snapshotHeapBytes(snapshot(3)), 3 * PAGE);
  // Handed over as a view into a larger buffer (Cache Storage's bytes, a subarray).
  const whole = new Uint8Array(16 + snapshot(2).length);
  whole.set(snapshot(2), 16);
  assert.equal(snapshotHeapBytes(whole.subarray(16)), 2 * PAGE);
});

test('bytes that are not a snapshot are refused', () => {
  assert.throws(() => snapshotHeapBytes(new Uint8Array(20)), /too short/);
  const other = snapshot(1);
  other[0] ^= 0xff;
  assert.throws(() => snapshotHeapBytes(other), /no snapshot header/);
  const beyond = snapshot(1);
  new DataView(beyond.buffer).setUint32(4, beyond.length + 1, true);
  assert.throws(() => snapshotHeapBytes(beyond), /damaged/);
});

test('a heap larger than the memory the interpreter is created with fits once grown (the regression)', () => {
  // pyodide.asm.wasm declares 480 pages; the engine's heap at snapshot time grew past that when
  // the table stage came in, and Pyodide's own restore (HEAP8.set) then threw.
  const bytes = snapshot(5);
  const heap = bytes.subarray(bytes.length - snapshotHeapBytes(bytes));
  const module = emscriptenModule(3);
  assert.throws(() => module.HEAP8.set(heap), RangeError);

  fitSnapshot(module, snapshotHeapBytes(bytes));
  assert.equal(module.HEAP8.length, 5 * PAGE);
  module.HEAP8.set(heap);
  assert.equal(module.HEAP8[5 * PAGE - 1], 7);
});

test('a heap that fits already leaves the memory as it is', () => {
  const module = emscriptenModule(4);
  fitSnapshot(module, 2 * PAGE);
  assert.equal(module.HEAP8.length, 4 * PAGE);
  assert.equal(heapBytes({ _module: module }), 4 * PAGE);
});

test("a heap over the engine's limit, or growth refused, is an error (then a normal boot)", () => {
  assert.throws(() => fitSnapshot(emscriptenModule(1), 9 * PAGE, 8 * PAGE), /memory limit/);
  assert.throws(() => fitSnapshot(emscriptenModule(1, 4), 6 * PAGE), /could not grow/);
});

test('the capped memory refuses to grow past the limit, and grows up to it', () => {
  const module = emscriptenModule(2);
  capMemory({ _module: module }, 4 * PAGE);
  assert.throws(() => module.memory.grow(3), /memory limit/);
  module.memory.grow(2);
  assert.equal(module.memory.buffer.byteLength, 4 * PAGE);
});
