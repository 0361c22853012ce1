// The engine's runtime in the worker: Pyodide booted from static/vendor, the wheels unpacked,
// the engine imported, and the links Python keeps to JavaScript (AES, the CMap fetcher).
//
// A start restores the start-up snapshot this browser keeps (snapshot.js: the memory of an
// interpreter that booted and imported the engine, taken after a normal boot) when there is one
// for this runtime and these wheels: a fraction of a second instead of seconds of compiling the
// standard library. Otherwise, or if the snapshot does not restore, it boots normally and hands
// back a way to store a new snapshot once ready.

import { loadPyodide, version as pyodideVersion } from '../../static/vendor/pyodide/pyodide.mjs';
import { cbc } from '../../static/vendor/noble-ciphers.mjs';
import { cmapFetcher, fetchCompat, fetchManifest, fetchWheels } from './loader.js';
import { capMemory, fitSnapshot, snapshotHeapBytes } from './memory.js';
import { dropSnapshot, findSnapshot, snapshotKey, storeSnapshot } from './snapshot.js';
import { unzip, writeFiles } from './unzip.js';

const PYODIDE_URL = new URL('../../static/vendor/pyodide/', import.meta.url).href;

// charset_normalizer is imported by pdfminer.utils but only used to guess the encoding of odd
// metadata strings: loaded when first used instead of at every start (0.6 s, most of it its
// import of every codec in the standard library). A stand-in module takes its place until then;
// importlib.util.LazyLoader does not do here, since an import statement reads the module's
// __spec__, which loads a lazy module at once.
const LAZY_IMPORTS = `
import importlib, importlib.util, sys, types

class _OnFirstUse(types.ModuleType):
    def __getattr__(self, name):
        real = sys.modules.get(self.__name__)
        if real is None or real is self:
            sys.modules.pop(self.__name__, None)
            real = importlib.import_module(self.__name__)
        return getattr(real, name)

for _name in ("charset_normalizer",):
    if _name not in sys.modules and importlib.util.find_spec(_name) is not None:
        sys.modules[_name] = _OnFirstUse(_name)
`;
// What a booted engine has imported: a memory snapshot is taken right after these (snapshot.js).
const ENGINE_IMPORTS = ['pdfprose.pdf.cmaps', 'pdfprose.engine.web'];
// Run just before the snapshot. pdfminer's version lookup (importlib.metadata) leaves the
// standard library's zip open in a cached ZipFile: its file descriptor means nothing in a
// restored interpreter, whose closing it then printed "Exception ignored ... Bad file descriptor".
const BEFORE_SNAPSHOT = 'import gc, importlib; importlib.invalidate_caches(); gc.collect()';

function aesCbc(encrypt) {
  // pdfminer strips PKCS#7 padding itself, so noble must not add or remove any.
  return (key, iv, data) => {
    const cipher = cbc(key, iv, { disablePadding: true });
    return encrypt ? cipher.encrypt(data) : cipher.decrypt(data);
  };
}

// The Python side of a boot, once the interpreter runs (freshly booted or restored from a
// snapshot): the wheels and compat sources written to site-packages. The file system is not
// part of a memory snapshot, so a restored interpreter needs them again, for what it imports or
// reads later (charset_normalizer, tracebacks' source lines, the CMaps folder).
async function installFiles(pyodide, wheelsPromise, compatPromise) {
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const files of await wheelsPromise) writeFiles(pyodide.FS, files, sitePackages);
  for (const [path, source] of await compatPromise) {
    const target = `${sitePackages}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf('/')));
    pyodide.FS.writeFile(target, source);
  }
  pyodide.runPython('import importlib; importlib.invalidate_caches()');
}

// What Python holds of JavaScript: registered after the snapshot is taken (or restored), since
// a snapshot can only carry the JS objects Pyodide itself knows how to find again.
function connect(pyodide, cmapIndex) {
  pyodide.registerJsModule('pdfprose_aes', { cbc_encrypt: aesCbc(true), cbc_decrypt: aesCbc(false) });
  pyodide.pyimport('pdfprose.pdf.cmaps').install(cmapFetcher(cmapIndex), JSON.stringify(cmapIndex));
  return pyodide.pyimport('pdfprose.engine.web').WebSession;
}

const pyodideOptions = (more) => ({
  indexURL: PYODIDE_URL,
  stdout: (line) => console.log('[python]', line),
  stderr: (line) => console.warn('[python]', line),
  ...more,
});

// Pyodide keeps the options it was loaded with for the interpreter's life: the snapshot goes
// through a thenable that lets go of its tens of MB once read, so they are not kept twice.
function handOver(promise) {
  let pending = promise;
  return {
    then(resolve, reject) {
      const read = pending;
      pending = null;
      return read.then(resolve, reject);
    },
  };
}

// A snapshot restored: the engine is imported already; only the files and the JS links are new.
// Throws when the snapshot does not restore (another build, damaged) or lacks the engine.
async function restore(bytes, mark) {
  // Pyodide reads the snapshot before it creates the interpreter, which is given room for its
  // heap (memory.js, fitSnapshot) before the restore copies it in: loadPyodide's
  // createPyodideModule is the Emscripten factory it would otherwise import itself, and the one
  // place between the two. Only the size is kept here (Pyodide keeps its options).
  let heap = null;
  const sized = bytes.then((data) => {
    heap = snapshotHeapBytes(data);
    return data;
  });
  sized.catch(() => {}); // seen by loadPyodide, which throws it
  const factory = (await import(new URL('pyodide.asm.mjs', PYODIDE_URL).href)).default;
  const createPyodideModule = async (settings) => {
    const module = await factory(settings);
    if (heap === null) throw new Error('the interpreter was created before the snapshot was read');
    fitSnapshot(module, heap);
    return module;
  };
  const pyodide = await loadPyodide(pyodideOptions({ _loadSnapshot: handOver(sized), createPyodideModule }));
  const missing = pyodide.runPython(
    `import sys; " ".join(m for m in ${JSON.stringify(ENGINE_IMPORTS)} if m not in sys.modules)`,
  );
  if (missing) throw new Error(`the snapshot lacks ${missing}`);
  mark('snapshot restored');
  return pyodide;
}

// A normal boot, which then takes the snapshot for the next start (null if that fails: it is
// only an optimisation).
async function bootFresh(wheelsPromise, compatPromise, mark) {
  const pyodide = await loadPyodide(pyodideOptions({ _makeSnapshot: true }));
  mark('pyodide loaded');
  await installFiles(pyodide, wheelsPromise, compatPromise);
  pyodide.runPython(LAZY_IMPORTS);
  mark('wheels unpacked');
  for (const name of ENGINE_IMPORTS) pyodide.pyimport(name);
  pyodide.runPython(BEFORE_SNAPSHOT);
  mark('engine imported');
  let snapshot = null;
  try {
    snapshot = pyodide.makeMemorySnapshot();
    mark('snapshot taken');
  } catch (err) {
    console.info('pdfprose: no start-up snapshot:', err?.message ?? err);
  }
  return { pyodide, snapshot };
}

/**
 * Boot the engine. Resolves to {pyodide, WebSession, phases, snapshot, keep, started, bootMs}:
 * `snapshot` says how it started ('restored', 'none' or 'rejected'); `keep`, after a normal
 * boot, stores the start-up snapshot for the next start (resolves to whether it could), or null.
 */
export async function bootEngine() {
  const started = performance.now();
  const phases = {};
  const mark = (name) => {
    phases[name] = Math.round(performance.now() - started);
  };
  // The runtime's JavaScript is needed either way: compiling it starts now, while the manifest
  // and the stored snapshot are looked at.
  import(new URL('pyodide.asm.mjs', PYODIDE_URL).href).then(() => mark('runtime script compiled'), () => {});
  const manifestPromise = fetchManifest();
  // Wheels and compat sources download (and the wheels are inflated) while the interpreter starts.
  const wheelsPromise = manifestPromise.then(fetchWheels).then((wheels) => {
    mark('wheels fetched');
    return Promise.all(wheels.map(unzip)).finally(() => mark('wheels inflated'));
  });
  const compatPromise = fetchCompat();
  const keyPromise = Promise.all([manifestPromise, compatPromise]).then(([manifest, compat]) =>
    snapshotKey({
      pyodide: pyodideVersion,
      wheels: manifest.wheels.map((w) => w.integrity),
      compat,
      boot: [LAZY_IMPORTS, ENGINE_IMPORTS, BEFORE_SNAPSHOT],
    }),
  );
  // Whatever goes wrong with the snapshot, the boot goes on without it.
  keyPromise.catch(() => {});
  const stored = await findSnapshot(keyPromise);
  mark(stored ? 'snapshot found' : 'no snapshot');
  let pyodide = null;
  let snapshot = 'none';
  if (stored) {
    stored.bytes.then(() => mark('snapshot read'), () => {});
    try {
      pyodide = await restore(stored.bytes, mark);
      snapshot = 'restored';
    } catch (err) {
      // Silently a normal boot (which stores a new snapshot); the console says why.
      console.info('pdfprose: the start-up snapshot did not restore, booting normally:', err?.message ?? err);
      await dropSnapshot();
      snapshot = 'rejected';
    }
  }
  let made = null;
  if (pyodide) {
    await installFiles(pyodide, wheelsPromise, compatPromise);
    mark('wheels unpacked');
  } else {
    ({ pyodide, snapshot: made } = await bootFresh(wheelsPromise, compatPromise, mark));
  }
  capMemory(pyodide);
  const WebSession = connect(pyodide, (await manifestPromise).cmaps ?? {});
  mark('engine connected');
  // Stored after 'ready' (the hash and the write take a moment); then its 30 MB are let go.
  const keep = made
    ? async () => {
        const bytes = made;
        made = null;
        return storeSnapshot(await keyPromise, bytes);
      }
    : null;
  return { pyodide, WebSession, phases, snapshot, keep, started, bootMs: Math.round(performance.now() - started) };
}
