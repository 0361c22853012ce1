// The module Web Worker that runs the Python engine: boots Pyodide from /static/vendor, unpacks
// the vendored wheels, then drives pdfprose.engine.web.WebSession one page at a time so the page can
// show progress. It never reaches beyond its own origin: every URL below is relative to this file.
//
// A start restores the start-up snapshot this browser keeps (app/snapshot.js: the memory of an
// interpreter that booted and imported the engine, taken after a normal boot) when there is one
// for this runtime and these wheels: a fraction of a second instead of seconds of compiling the
// standard library. Otherwise, or if the snapshot does not restore, it boots normally and stores
// a new snapshot once ready.
//
// Work is done one message at a time (a small inbox), but the worker yields to its event loop
// between pages, so a 'cancel' is seen at the next page boundary and the worker stays booted
// (the page terminates it only when it does not answer quickly).
// The analysis of the last document is kept: option changes are rendered from it, never parsed
// again, and each rendering is cached; while idle, the worker renders the options the user is
// most likely to pick next (one switch away), so a switch is usually answered from the cache.
//
// A long document is split between two workers (app/engine.js): this one (the first) converts
// from page 1 and is told how far it may go ('limit'); a second one converts from the last page
// backwards ('convert' with a `range`, 'floor'), the two meeting wherever their speeds take
// them, and hands its analysis over ('handover'), which the first takes in ('adopt')
// before the document passes run, once, here. Should the second fail, 'unlimit' sends the
// first on to the last page itself.
//
// Messages in:  {type: 'convert', job, bytes: ArrayBuffer, password, options, hold?}
//               {type: 'convert', job, bytes, password, range: {first, last}}   (second worker:
//                                                   from `last` down to `first`)
//               {type: 'limit', job, last}           stop after page `last`: answered 'limited'
//                                                   (again: go on up to that later page)
//               {type: 'floor', job, first}          (second worker) go on down to page `first`
//               {type: 'final', job}                 (second worker) the floor stays: hand over
//               {type: 'adopt', job, batch: Uint8Array}  the second worker's pages
//               {type: 'unlimit', job}               the second worker is gone: go on alone
//               {type: 'render', job, seq, options}
//               {type: 'locate', job, options}      where each page's text starts in the output
//               {type: 'plan', job, options}        the page showed `options` from its own copy:
//                                                   render ahead what is one switch away from it
//               {type: 'cancel', job}
//               {type: 'test-crash', how}            for the end-to-end tests: 'throw' (the worker
//                                                    dies), 'memory' (Python runs out of memory),
//                                                    'fail-page' (the next document's page 2 fails)
//                                                    ('hold' in 'convert': stop after that many
//                                                    pages until 'limit' or 'unlimit' comes)
// Messages out: {type: 'ready', bootMs, phases, snapshot, storing} | {type: 'boot-error', message}
//               {type: 'snapshot-stored', stored}   after a normal boot: the start-up snapshot
//                                                   for the next start kept (app/snapshot.js)
//               {type: 'opened', job, pageCount} | {type: 'page', job, page}
//               {type: 'limited', job, last}
//               {type: 'handover', job, batch: Uint8Array, pages}   (second worker)
//               {type: 'done', job, report, result, parseMs, workers, helperPages, reanalysed,
//                heapBytes}
//               {type: 'rendered', job, seq, result}
//               {type: 'located', job, key, starts}
//               {type: 'ahead', job, result}       rendered ahead of a switch, while idle
//               {type: 'cancelled', job}
//               {type: 'failed', job, error: {code, message, params}}
// where result = {key, options, text, renderMs, cached}.

import { loadPyodide, version as pyodideVersion } from '../static/vendor/pyodide/pyodide.mjs';
import { dropSnapshot, findSnapshot, snapshotKey, storeSnapshot } from './snapshot.js';
import { unzip, writeFiles } from './unzip.js';
import { cbc } from '../static/vendor/noble-ciphers.mjs';

const PYODIDE_URL = new URL('../static/vendor/pyodide/', import.meta.url).href;
const WHEELS_URL = new URL('../static/wheels/', import.meta.url);
const COMPAT_URL = new URL('./py/', import.meta.url);
// pdfminer.six's CJK CMaps are not in its vendored wheel (scripts/vendor_web.py): the engine
// fetches one from here, synchronously, the first time a document's font needs it.
const CMAPS_URL = new URL('../static/vendor/cmaps/', import.meta.url);
// The cryptography stand-in (see app/py/cryptography/__init__.py), copied into site-packages.
const COMPAT_FILES = [
  'cryptography/__init__.py',
  'cryptography/exceptions.py',
  'cryptography/hazmat/__init__.py',
  'cryptography/hazmat/backends/__init__.py',
  'cryptography/hazmat/primitives/__init__.py',
  'cryptography/hazmat/primitives/ciphers/__init__.py',
  'cryptography/hazmat/primitives/ciphers/algorithms.py',
  'cryptography/hazmat/primitives/ciphers/modes.py',
];
const MAX_PAGES = 500; // SPEC §13; the engine refuses larger documents with too_many_pages

let session = null; // the WebSession of the last document, kept for re-rendering
let sessionJob = 0; // the job whose document `session` holds
let cancelledJob = 0; // the highest job the page has cancelled
const renders = new Map(); // options key -> output text, for the document in `session`
let prefetch = []; // options still worth rendering ahead, most likely first
const inbox = [];
let pumping = false;
let runningJob = 0; // the job being converted right now
// The split of the running job with a second worker: {last} once limited (the pages after `last`
// are the other worker's), `batch` once they came. null: converting alone.
let split = null;
let wake = null; // resolves the wait for the second worker's pages (or a cancel)

const post = (message) => self.postMessage(message);

// Registered before any message can arrive: a module worker delivers messages only after its
// top-level code has run; the inbox waits for the boot itself.
// The second worker of a long document boots the same way, from the start-up snapshot the first
// one stored (app/snapshot.js): about half a second instead of a 5 s boot.
const booted = boot();
self.onmessage = ({ data }) => {
  if (data.type === 'cancel') {
    cancelledJob = Math.max(cancelledJob, data.job);
    wakeUp();
    // Not being converted and not waiting in the inbox: nothing to stop, say so at once.
    const queued = inbox.some((m) => m.type === 'convert' && m.job === data.job);
    if (runningJob !== data.job && !queued) post({ type: 'cancelled', job: data.job });
    return;
  }
  if (data.type === 'test-crash') {
    testCrash(data.how);
    return;
  }
  if (['limit', 'adopt', 'unlimit', 'floor', 'final'].includes(data.type)) {
    splitMessage(data);
    return;
  }
  inbox.push(data);
  pump();
};

booted.then(
  (engine) => {
    const { bootMs, phases, snapshot, keep } = engine;
    // startedAt (ms since the epoch) places the phases on the page's own clock.
    // storing: a start-up snapshot is being stored ('snapshot-stored' follows), which a second
    // worker (app/engine.js) had better wait for rather than boot the slow way.
    post({ type: 'ready', bootMs, phases, snapshot, storing: Boolean(keep), startedAt: performance.timeOrigin + engine.started });
    engine.keep = null;
    keep?.().then((stored) => post({ type: 'snapshot-stored', stored }));
  },
  (err) => post({ type: 'boot-error', message: String(err?.message ?? err) }),
);

// A task, not a microtask: lets queued messages (a cancel) in. MessageChannel is not clamped to
// 4 ms the way a nested setTimeout is.
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    let engine;
    try {
      engine = await booted;
    } catch {
      return; // boot-error was already reported; the page offers a reload
    }
    for (;;) {
      if (inbox.length) {
        const data = inbox.shift();
        try {
          await handle(engine, data);
        } catch (err) {
          // A failed rendering leaves the document (and its other renderings) in place.
          post({ type: 'failed', job: data.job, error: internalError(err), during: data.type });
        }
        continue;
      }
      if (!prefetch.length) break;
      await nextTask(); // anything the page sent meanwhile goes first
      if (inbox.length) continue;
      const options = prefetch.shift();
      try {
        post({ type: 'ahead', job: sessionJob, result: renderCached(options) });
      } catch {
        prefetch = []; // it will fail again when asked for, and be reported then
      }
    }
  } finally {
    pumping = false;
  }
}

function handle(engine, data) {
  switch (data.type) {
    case 'convert':
      return convert(engine, data);
    case 'render':
      return render(data);
    case 'locate':
      return locate(data);
    case 'plan':
      if (session && data.job === sessionJob) planPrefetch(data.options);
      return undefined;
    default:
      return undefined;
  }
}
async function fetchOk(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url}`);
  return response;
}

let cmapIndex = {}; // name -> {size, sha256}: the CMap files set-up moved out of pdfminer's wheel

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
// What a booted engine has imported: a memory snapshot is taken right after these (app/snapshot.js).
const ENGINE_IMPORTS = ['pdfprose.pdf.cmaps', 'pdfprose.engine.web'];
// Run just before the snapshot. pdfminer's version lookup (importlib.metadata) leaves the
// standard library's zip open in a cached ZipFile: its file descriptor means nothing in a
// restored interpreter, whose closing it then printed "Exception ignored ... Bad file descriptor".
const BEFORE_SNAPSHOT = 'import gc, importlib; importlib.invalidate_caches(); gc.collect()';

async function fetchManifest() {
  // no-cache: the engine wheel keeps its file name across rebuilds, so always revalidate.
  const manifest = await (await fetchOk(new URL('manifest.json', WHEELS_URL), { cache: 'no-cache' })).json();
  cmapIndex = manifest.cmaps ?? {};
  return manifest;
}

function fetchWheels(manifest) {
  // integrity: the browser checks each wheel against the sha256 that set-up recorded.
  return Promise.all(
    manifest.wheels.map(async ({ file, integrity }) => {
      const response = await fetchOk(new URL(file, WHEELS_URL), { cache: 'no-cache', integrity });
      return response.arrayBuffer();
    }),
  );
}

// Called from Python (pdfprose.pdf.cmaps) in the middle of a page: a synchronous request, which a
// worker may make. The engine checks the bytes against the manifest's sha256. null: not to be had.
function fetchCmap(name) {
  if (!Object.hasOwn(cmapIndex, name)) return null;
  try {
    const xhr = new XMLHttpRequest();
    // The query names the content: the service worker keeps each version under its own key.
    const version = String(cmapIndex[name].sha256).slice(0, 16);
    xhr.open('GET', new URL(`${encodeURIComponent(name)}.json.gz?v=${version}`, CMAPS_URL).href, false);
    xhr.responseType = 'arraybuffer';
    xhr.send();
    return xhr.status === 200 ? new Uint8Array(xhr.response) : null;
  } catch {
    return null; // offline, and never fetched before
  }
}

async function fetchCompat() {
  return Promise.all(
    COMPAT_FILES.map(async (path) => [path, await (await fetchOk(new URL(path, COMPAT_URL))).text()]),
  );
}

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
  // The files are unpacked from a snapshot too: the snapshot holds the interpreter's memory,
  // not its file system, which pdfminer.six reads data files and lazy imports from.
  pyodide.runPython('import importlib; importlib.invalidate_caches()');
}

// What Python holds of JavaScript: registered after the snapshot is taken (or restored), since
// a snapshot can only carry the JS objects Pyodide itself knows how to find again.
function connect(pyodide) {
  pyodide.registerJsModule('pdfprose_aes', {
    cbc_encrypt: aesCbc(true),
    cbc_decrypt: aesCbc(false),
  });
  pyodide.pyimport('pdfprose.pdf.cmaps').install(fetchCmap, JSON.stringify(cmapIndex));
  return pyodide.pyimport('pdfprose.engine.web').WebSession;
}

const pyodideOptions = (more) => ({
  indexURL: PYODIDE_URL,
  stdout: (line) => console.log('[python]', line),
  stderr: (line) => console.warn('[python]', line),
  ...more,
});

// Pyodide keeps the options it was loaded with for the interpreter's life: the snapshot goes
// through a thenable that lets go of its 31 MB once read, so they are not kept twice.
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
  const pyodide = await loadPyodide(pyodideOptions({ _loadSnapshot: handOver(bytes) }));
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

async function boot() {
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
  const WebSession = connect(pyodide);
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

// ---- conversion ---------------------------------------------------------------------------------

function internalError(err) {
  return { code: 'internal', message: String(err?.message ?? err).split('\n').slice(-2).join(' '), params: {} };
}

// A fatal result is {"error": {...}}; a page summary also has "error", but as null or a string.
const fatal = (result) => (result.error && typeof result.error === 'object' ? result.error : null);

let pageNumbers = []; // the numbers of the pages of the document in `session`
let crashNext = null; // a failure the tests asked for, injected into the next conversion

function forget() {
  if (session) {
    session.destroy(); // free the previous document's analysis before parsing the next one
    session = null;
  }
  sessionJob = 0;
  renders.clear();
  prefetch = [];
  pageNumbers = [];
}

async function convert(engine, data) {
  runningJob = data.job;
  split = null;
  try {
    return await (data.range ? convertRange(engine, data) : convertJob(engine, data));
  } finally {
    runningJob = 0;
    split = null;
    wakeUp();
  }
}

function wakeUp() {
  const resolve = wake;
  wake = null;
  resolve?.();
}

// Between pages nothing else runs here, so the session can be limited right away.
function splitMessage(data) {
  if (data.job !== runningJob || !session) return;
  if (data.type === 'limit') {
    // The first limit starts the split; later ones extend it, towards the second worker.
    const answer = JSON.parse(session.limit(data.last));
    const last = fatal(answer) ? null : answer.last;
    split = { last, batch: split?.batch ?? null };
    heldUntil = 0;
    post({ type: 'limited', job: data.job, last });
  } else if (data.type === 'adopt' && split) {
    split.batch = data.batch;
  } else if (data.type === 'unlimit') {
    session.limit(openedPages);
    split = null;
    heldUntil = 0;
  } else if (data.type === 'floor') {
    session.floor(data.first); // the second worker: down to this page (it answers with its pages)
  } else if (data.type === 'final') {
    rangeFinal = true; // the second worker: its floor will not move again
  }
  wakeUp();
}

let openedPages = 0; // the page count of the document being converted
let rangeFinal = false; // the second worker: told that its floor is final ('final')
let heldUntil = 0; // the tests' hold: wait after this many pages for a limit or unlimit

function waitForSplit() {
  return new Promise((resolve) => {
    wake = resolve;
  });
}

// The second worker: pages range.last down to range.first, then the analysis goes to the first.
// The page lowers the floor ('floor') while the first worker comes up, until they meet ('final').
async function convertRange({ WebSession }, { job, bytes, password, range }) {
  forget();
  if (job <= cancelledJob) return post({ type: 'cancelled', job });
  session = WebSession();
  rangeFinal = false;
  const opened = JSON.parse(
    session.open.callKwargs(new Uint8Array(bytes), password || '', MAX_PAGES, {
      first_page: range.first, last_page: range.last, backwards: true,
    }),
  );
  if (fatal(opened)) {
    forget();
    return post({ type: 'failed', job, error: fatal(opened) });
  }
  post({ type: 'opened', job, pageCount: opened.page_count });
  let pages = 0;
  for (;;) {
    await nextTask();
    if (job <= cancelledJob) {
      forget();
      return post({ type: 'cancelled', job });
    }
    const json = session.next_page();
    if (!json) {
      if (rangeFinal) break;
      await waitForSplit(); // a lower floor, or the word that it is final
      continue;
    }
    const page = JSON.parse(json);
    if (fatal(page)) {
      forget();
      return post({ type: 'failed', job, error: fatal(page) });
    }
    pages += 1;
    post({ type: 'page', job, page });
  }
  const proxy = session.handover();
  const batch = proxy.toJs();
  proxy.destroy();
  forget();
  self.postMessage({ type: 'handover', job, batch, pages }, [batch.buffer]);
  return undefined;
}

async function convertJob({ WebSession, pyodide }, { job, bytes, password, options, hold }) {
  forget();
  if (job <= cancelledJob) return post({ type: 'cancelled', job });
  const started = performance.now();
  session = WebSession();
  const opened = JSON.parse(session.open(new Uint8Array(bytes), password || '', MAX_PAGES));
  if (fatal(opened)) {
    forget();
    return post({ type: 'failed', job, error: fatal(opened) });
  }
  openedPages = opened.page_count;
  heldUntil = hold || 0;
  post({ type: 'opened', job, pageCount: opened.page_count });
  let helperPages = 0;
  let adoptError = null; // why the second worker's pages could not be taken in (then read here)
  let reanalysed = 0;
  for (;;) {
    await nextTask();
    if (job <= cancelledJob) {
      forget();
      return post({ type: 'cancelled', job });
    }
    if (crashNext === 'memory') {
      crashNext = null;
      // What running out of memory looks like from here: Python raises MemoryError.
      pyodide.runPython("raise MemoryError('test: out of memory')");
    }
    if (heldUntil && !split && pageNumbers.length >= heldUntil) {
      await waitForSplit(); // the tests' hold: until the second worker is ready, or gone
      continue;
    }
    const json = session.next_page();
    if (!json) {
      if (split && split.last !== null && split.last < openedPages) {
        // This worker's part is done: the rest comes from the second worker.
        if (!split.batch) {
          await waitForSplit();
          continue;
        }
        const batch = split.batch;
        split = null;
        const answer = JSON.parse(session.adopt(batch));
        if (fatal(answer)) {
          adoptError = fatal(answer).message || fatal(answer).code;
          session.limit(openedPages); // the pages could not be taken in: read them here
          continue;
        }
        helperPages = answer.adopted;
        reanalysed = answer.pages.length;
        // Pages that depended on earlier ones were analysed again here: shown anew.
        for (const page of answer.pages) post({ type: 'page', job, page });
        continue;
      }
      break;
    }
    const page = JSON.parse(json);
    if (fatal(page)) {
      forget();
      return post({ type: 'failed', job, error: fatal(page) });
    }
    if (crashNext === 'fail-page' && page.number === 2) failPage(page);
    pageNumbers.push(page.number);
    post({ type: 'page', job, page });
    // A long document's first page is shown at once, before the document passes (running
    // heads still in); the finished text replaces it.
    if (pageNumbers.length === 1 && opened.page_count > 1) {
      post({ type: 'preview-text', job, text: session.page_text(JSON.stringify(normalize(options))) });
    }
  }
  await nextTask();
  if (job <= cancelledJob) {
    forget();
    return post({ type: 'cancelled', job });
  }
  const report = JSON.parse(session.finish());
  if (fatal(report)) {
    forget();
    return post({ type: 'failed', job, error: fatal(report) });
  }
  if (crashNext === 'fail-page') {
    crashNext = null;
    const summary = report.pages.find((p) => p.number === 2);
    if (summary) {
      failPage(summary);
      report.failed_pages.push({ number: 2, reason: summary.error });
    }
  }
  sessionJob = job;
  pageNumbers = report.pages.map((p) => p.number);
  const parseMs = Math.round(performance.now() - started);
  const result = renderCached(options);
  const heapBytes = pyodide._module?.HEAP8?.length ?? null; // the WebAssembly memory, which never shrinks
  post({ type: 'done', job, report, result, parseMs, workers: helperPages ? 2 : 1, helperPages, reanalysed, adoptError, heapBytes });
  planPrefetch(options);
}

// ---- rendering ----------------------------------------------------------------------------------

// The word of a TXT page marker, as the engine accepts it (pdfprose.options._page_word).
const PAGE_WORD = /^\p{L}(?:[\p{L} ]{0,18}\p{L})?$/u;

function normalize(options) {
  return {
    format: options.format === 'md' ? 'md' : 'txt',
    join_lines: options.join_lines !== false,
    remove_headers: options.remove_headers !== false,
    page_markers: options.page_markers === true,
    page_word: typeof options.page_word === 'string' && PAGE_WORD.test(options.page_word) ? options.page_word : 'page',
  };
}

// The marker's word is in the key only where it is in the text: TXT with page markers.
function optionsKey(options) {
  const o = normalize(options);
  const word = o.page_markers && o.format === 'txt' ? `|${o.page_word}` : '';
  return `${o.format}|${+o.join_lines}|${+o.remove_headers}|${+o.page_markers}${word}`;
}

function renderCached(options) {
  const normal = normalize(options);
  const key = optionsKey(normal);
  if (renders.has(key)) return { key, options: normal, text: renders.get(key), renderMs: 0, cached: true };
  const started = performance.now();
  const text = session.render(JSON.stringify(normal));
  const renderMs = Math.round(performance.now() - started);
  renders.set(key, text);
  prefetch = prefetch.filter((o) => optionsKey(o) !== key);
  return { key, options: normal, text, renderMs, cached: false };
}

// The options one switch away from `current`, in the order people tend to try them.
function planPrefetch(current) {
  const base = normalize(current);
  const flips = [
    { ...base, format: base.format === 'md' ? 'txt' : 'md' },
    { ...base, join_lines: !base.join_lines },
    { ...base, remove_headers: !base.remove_headers },
    { ...base, page_markers: !base.page_markers },
  ];
  prefetch = flips.filter((o) => !renders.has(optionsKey(o)));
}

function render({ job, seq, options }) {
  if (!session || job !== sessionJob) return; // a newer document replaced it: nothing to render
  const result = renderCached(options);
  post({ type: 'rendered', job, seq, result });
  planPrefetch(options);
}

// ---- where each page starts in the output ------------------------------------------------------

function markerText(format, number, word) {
  return format === 'md' ? `<!-- page ${number} -->` : `[${word} ${number}]`;
}

// Page markers are chunks of their own: at the start or after a blank line, and followed by a
// blank line or the final newline. Returns, per page, [marker start, end of marker and its gap].
function findMarkers(text, format, word) {
  const found = [];
  let cursor = 0;
  for (const number of pageNumbers) {
    const marker = markerText(format, number, word);
    let at = text.indexOf(marker, cursor);
    while (at >= 0) {
      const end = at + marker.length;
      const before = at === 0 || text.startsWith('\n\n', at - 2);
      const after = text.startsWith('\n\n', end) || end === text.length - 1;
      if (before && after) break;
      at = text.indexOf(marker, at + 1);
    }
    if (at < 0) {
      found.push(null);
      continue;
    }
    const end = at + marker.length;
    found.push([at, Math.min(text.length, end + 2)]);
    cursor = end;
  }
  return found;
}

// Python counts characters in code points, JavaScript in UTF-16 units.
function codePointsToUtf16(text, offsets) {
  const out = [];
  let unit = 0;
  let point = 0;
  for (const target of offsets) {
    while (point < target && unit < text.length) {
      const code = text.charCodeAt(unit);
      unit += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
      point += 1;
    }
    out.push(unit);
  }
  return out;
}

// Fills holes (pages whose text was not found: empty pages, or text merged away) with the start
// of the next page found, so that the starts never decrease.
function monotonic(starts, length) {
  let next = length;
  for (let i = starts.length - 1; i >= 0; i -= 1) {
    if (starts[i] === null || starts[i] > next) starts[i] = next;
    next = starts[i];
  }
  return starts;
}

function locateByProbes(text, markedText, format, word) {
  const markers = findMarkers(markedText, format, word);
  const starts = [];
  let cursor = 0;
  markers.forEach((span, index) => {
    if (!span) {
      starts.push(null);
      return;
    }
    const nextSpan = markers.slice(index + 1).find(Boolean);
    const segment = markedText.slice(span[1], nextSpan ? nextSpan[0] : markedText.length);
    let start = null;
    for (const chunk of segment.split('\n\n').slice(0, 4)) {
      const body = chunk.trim();
      if (!body) continue;
      // A paragraph continued from the previous page is joined to it in the plain output, and a
      // line-start escape or a de-hyphenation may differ at its first characters: probe the
      // chunk at its start, then a little further in.
      for (const skip of [0, 12]) {
        const probe = body.slice(skip, skip + 60);
        if (probe.length < 8 && skip) continue;
        const at = text.indexOf(probe, cursor);
        if (at >= 0) {
          start = Math.max(cursor, at - skip);
          break;
        }
      }
      if (start !== null) break;
    }
    starts.push(start);
    if (start !== null) cursor = start;
  });
  return starts;
}

function locate({ job, options }) {
  if (!session || job !== sessionJob) return;
  const normal = normalize(options);
  const key = optionsKey(normal);
  let starts;
  if (normal.page_markers) {
    starts = findMarkers(renderCached(normal).text, normal.format, normal.page_word).map((span) => (span ? span[0] : null));
  } else if (typeof session.render_pages === 'function') {
    // The engine's own answer, when it has one: {"text", "pages": [{"number", "start"}]}.
    const answer = JSON.parse(session.render_pages(JSON.stringify(normal)));
    const byNumber = new Map(answer.pages.map((p) => [p.number, p.start]));
    const points = pageNumbers.map((n) => byNumber.get(n) ?? null);
    const known = points.filter((p) => p !== null);
    const units = codePointsToUtf16(answer.text, known);
    starts = points.map((p) => (p === null ? null : units[known.indexOf(p)]));
  } else {
    // The same rendering with page markers tells which text is on which page.
    const text = renderCached(normal).text;
    const withMarkers = renderCached({ ...normal, page_markers: true }).text;
    starts = locateByProbes(text, withMarkers, normal.format, normal.page_word);
  }
  const length = renders.get(key)?.length ?? 0;
  post({ type: 'located', job, key, starts: monotonic(starts, length) });
}

// ---- failures on purpose, for the end-to-end tests ----------------------------------------------

function testCrash(how) {
  if (how === 'throw') {
    // An uncaught error outside any handler: the page sees the worker's 'error' event.
    setTimeout(() => {
      throw new Error('test: the worker crashed');
    });
  } else if (how === 'memory' || how === 'fail-page') {
    crashNext = how;
  }
}

// What the engine reports for a page it could not parse (SPEC §13): no text, and the reason.
function failPage(page) {
  page.error = 'test: PDFSyntaxError: the content stream is unreadable';
  page.columns = 0;
  page.empty = true;
  if (page.geometry) page.geometry.blocks = [];
}
