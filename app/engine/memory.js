// The interpreter's WebAssembly memory: the most it may grow to, and the room a start-up snapshot
// (snapshot.js) needs before Pyodide copies it in.

const WASM_PAGE_BYTES = 65536;

// The most WebAssembly memory the interpreter may grow to. Pyodide 314's own JavaScript glue
// takes some pointers as signed 32-bit numbers (JsvBuffer_assignToPtr copies bytes into the
// heap with HEAPU8.set(buffer, ptr); _python2js_ascii reads strings with HEAPU8.subarray(ptr,
// ...)): once the memory has grown past 2 GiB, an object placed above it is written at a
// negative offset ("RangeError: offset is out of bounds") or read from the wrong end (a string
// of garbage, "... is not valid JSON"), and since the memory never shrinks, every later large
// document failed so until the page was reloaded (a file of ten million 'q' operators grew it
// to 2.4 GB). Refused growth is Python's MemoryError instead, which the page answers with a
// fresh worker. Documents leave the heap at 30-62 MB (benchmarks/README.md, "memory"): 1 GiB
// is sixteen times that, and half the range where the glue breaks.
export const HEAP_LIMIT_BYTES = 2 ** 30;

// Pyodide's snapshot header (its src/js/snapshot.ts, makeSnapshot): 48 bytes of little-endian
// 32-bit words (the magic number, the byte offset at which the copy of the heap starts, the
// length of a JSON record that follows the header, 0, then the 32-byte BUILD_ID); everything
// from that offset on is the heap, a whole number of WebAssembly pages.
const SNAPSHOT_MAGIC = 0x706e7300; // "\0snp"
const HEADER_BYTES = 48;

/** The WebAssembly memory of `pyodide`'s interpreter, in bytes (it never shrinks). */
export function heapBytes(pyodide) {
  return pyodide?._module?.HEAP8?.length ?? null;
}

/**
 * The bytes of heap a Pyodide memory snapshot holds (what its restore copies into the
 * interpreter's memory from offset 0). Throws when `snapshot` does not look like one.
 */
export function snapshotHeapBytes(snapshot) {
  if (snapshot.byteLength < HEADER_BYTES) throw new Error('the snapshot is too short to be one');
  const view = new DataView(snapshot.buffer, snapshot.byteOffset, HEADER_BYTES);
  if (view.getUint32(0, true) !== SNAPSHOT_MAGIC) throw new Error('the snapshot has no snapshot header');
  const start = view.getUint32(4, true);
  if (start < HEADER_BYTES || start > snapshot.byteLength) throw new Error('the snapshot header is damaged');
  return snapshot.byteLength - start;
}

/**
 * Grow the freshly created interpreter's memory (`module`: Pyodide's Emscripten module, before
 * the restore) to hold `heap` bytes of snapshot. Pyodide 314's restore sizes the memory by
 * setting INITIAL_MEMORY, which this build never reads (the memory is declared inside
 * pyodide.asm.wasm, 480 pages = 30 MiB), and then copies the heap in with HEAP8.set: a heap
 * that grew past 30 MiB before the snapshot was taken did not fit ("RangeError: offset is out of
 * bounds"; pyodide/pyodide#6254). Emscripten's growMemory updates the HEAP views as it grows.
 */
export function fitSnapshot(module, heap, limit = HEAP_LIMIT_BYTES) {
  if (heap > limit) throw new Error(`the snapshot's heap (${heap} bytes) is over the engine's memory limit`);
  if (module.HEAP8.length >= heap) return;
  if (typeof module.growMemory !== 'function' || !module.growMemory(heap) || module.HEAP8.length < heap) {
    throw new Error(`could not grow the memory to the snapshot's ${heap} bytes`);
  }
}

// Emscripten grows the memory through WebAssembly.Memory.grow and takes a throw as "no more
// memory" (malloc returns NULL, Python raises MemoryError): the interpreter's own Memory object
// is given a grow that refuses to pass `limit`.
export function capMemory(pyodide, limit = HEAP_LIMIT_BYTES) {
  const memory = pyodide._module?.memory;
  if (!(memory instanceof WebAssembly.Memory)) throw new Error('the interpreter has no WebAssembly memory to limit');
  const grow = memory.grow.bind(memory);
  memory.grow = (pages) => {
    if (memory.buffer.byteLength + pages * WASM_PAGE_BYTES > limit) throw new RangeError(`the engine's memory limit (${limit} bytes)`);
    return grow(pages);
  };
}
