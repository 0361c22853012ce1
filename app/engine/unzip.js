// Unpacks a wheel (a zip file) for Pyodide's in-memory file system, in JavaScript.
//
// pyodide.unpackArchive() does the same in Python (zipfile and shutil in the interpreter), which
// costs a few hundred milliseconds at every start for our three wheels (about 480 files); here
// the browser's own inflate does the work (DecompressionStream), so it takes a few tens. Only what
// wheels use is read: files stored or deflated, no ZIP64, no encryption (the wheels are ours, and
// the browser has already checked each against its SHA-256 before this sees it).
// Zip format: PKWARE APPNOTE.TXT 6.3.10, sections 4.3.7 (local header), 4.3.12 (central
// directory header) and 4.3.16 (end of central directory record).

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22; // without the trailing comment, at most 65535 bytes
const STORED = 0;
const DEFLATED = 8;

function endOfCentralDirectory(view) {
  const last = Math.max(0, view.byteLength - EOCD_SIZE - 0xffff);
  for (let at = view.byteLength - EOCD_SIZE; at >= last; at -= 1) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  throw new Error('not a zip file (no end of central directory)');
}

/** The entries of the zip in `buffer`: [{name, method, offset, size, compressedSize}]. */
export function zipEntries(buffer) {
  const view = new DataView(buffer);
  const eocd = endOfCentralDirectory(view);
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder(); // names are UTF-8 in wheels (PEP 427)
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw new Error('damaged zip central directory');
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    if (compressedSize === 0xffffffff || size === 0xffffffff || local === 0xffffffff) throw new Error('ZIP64 is not supported');
    const name = decoder.decode(new Uint8Array(buffer, at + 46, nameLength));
    if (view.getUint32(local, true) !== LOCAL_SIGNATURE) throw new Error(`damaged zip entry ${name}`);
    // The data follows the local header, whose name and extra field may differ from the central one's.
    const offset = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    entries.push({ name, method, offset, size, compressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

// Straight into the stream and out of its reader: wrapping the bytes in a Blob first (the usual
// idiom) costs several times more, since a Blob is registered with the browser process.
async function inflate(data, size) {
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  writer.write(data).catch(() => {}); // a failure surfaces through the reader below
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const out = new Uint8Array(size);
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > size) throw new Error('zip entry larger than its header says');
    out.set(value, at);
    at += value.length;
  }
  return at === size ? out : out.subarray(0, at);
}

function safePath(name) {
  const parts = name.split('/');
  if (name.startsWith('/') || parts.some((p) => p === '..' || p === '.')) throw new Error(`unsafe path in zip: ${name}`);
  return name;
}

/**
 * The files of the zip in `buffer` (an ArrayBuffer): [[path, bytes]], directories left out.
 * Done apart from writing them (writeFiles) so that it can run while the runtime starts.
 */
export async function unzip(buffer) {
  const files = [];
  for (const e of zipEntries(buffer)) {
    if (e.name.endsWith('/')) continue;
    const raw = new Uint8Array(buffer, e.offset, e.compressedSize);
    let data;
    if (e.method === STORED) data = raw;
    else if (e.method === DEFLATED) data = await inflate(raw, e.size);
    else throw new Error(`zip method ${e.method} is not supported (${e.name})`);
    if (data.length !== e.size) throw new Error(`damaged zip entry ${e.name}`);
    files.push([safePath(e.name), data]);
  }
  return files;
}

/** Write `files` ([[path, bytes]], from unzip) under `directory` in Emscripten's `FS`. */
export function writeFiles(FS, files, directory) {
  const made = new Set();
  for (const [name, data] of files) {
    const target = `${directory}/${name}`;
    const folder = target.slice(0, target.lastIndexOf('/'));
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(target, data);
  }
}
