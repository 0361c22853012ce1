// The module Web Worker that runs the Python engine: boots Pyodide from /static/vendor, unpacks
// the vendored wheels, then drives pdfprose.web.WebSession one page at a time so the page can
// show progress. It never reaches beyond its own origin: every URL below is relative to this file.
// Cancelling is the page's job: it terminates this worker and starts a fresh one.
//
// Messages in:  {type: 'convert', job, bytes: ArrayBuffer, options}
//               {type: 'render', job, options}
// Messages out: {type: 'ready', bootMs} | {type: 'boot-error', message}
//               {type: 'opened', job, pageCount} | {type: 'page', job, page}
//               {type: 'done', job, report, text, parseMs} | {type: 'rendered', job, text, options}
//               {type: 'failed', job, error: {code, message, params}}

import { loadPyodide } from '../static/vendor/pyodide/pyodide.mjs';
import { cbc } from '../static/vendor/noble-ciphers.mjs';

const PYODIDE_URL = new URL('../static/vendor/pyodide/', import.meta.url).href;
const WHEELS_URL = new URL('../static/wheels/', import.meta.url);
const COMPAT_URL = new URL('./py/', import.meta.url);
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

const post = (message) => self.postMessage(message);

// Registered before any message can arrive: a module worker delivers messages only after its
// top-level code has run, and each handler waits for the boot itself.
const booted = boot();
self.onmessage = async ({ data }) => {
  let engine;
  try {
    engine = await booted;
  } catch {
    return; // boot-error was already reported; the page offers a reload
  }
  try {
    if (data.type === 'convert') convert(engine, data);
    else if (data.type === 'render') render(data);
  } catch (err) {
    post({ type: 'failed', job: data.job, error: internalError(err) });
  }
};

booted.then(
  ({ bootMs }) => post({ type: 'ready', bootMs }),
  (err) => post({ type: 'boot-error', message: String(err?.message ?? err) }),
);

async function fetchOk(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url}`);
  return response;
}

async function fetchWheels() {
  // no-cache: the engine wheel keeps its file name across rebuilds, so always revalidate.
  const manifest = await (await fetchOk(new URL('manifest.json', WHEELS_URL), { cache: 'no-cache' })).json();
  // integrity: the browser checks each wheel against the sha256 that set-up recorded.
  return Promise.all(
    manifest.wheels.map(async ({ file, integrity }) => {
      const response = await fetchOk(new URL(file, WHEELS_URL), { cache: 'no-cache', integrity });
      return response.arrayBuffer();
    }),
  );
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

async function boot() {
  const started = performance.now();
  // Wheels and compat sources download while the interpreter starts.
  const wheelsPromise = fetchWheels();
  const compatPromise = fetchCompat();
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_URL,
    stdout: (line) => console.log('[python]', line),
    stderr: (line) => console.warn('[python]', line),
  });
  pyodide.registerJsModule('pdfprose_aes', {
    cbc_encrypt: aesCbc(true),
    cbc_decrypt: aesCbc(false),
  });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const buffer of await wheelsPromise) {
    pyodide.unpackArchive(buffer, 'wheel', { extractDir: sitePackages });
  }
  for (const [path, source] of await compatPromise) {
    const target = `${sitePackages}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf('/')));
    pyodide.FS.writeFile(target, source);
  }
  pyodide.runPython('import importlib; importlib.invalidate_caches()');
  const WebSession = pyodide.pyimport('pdfprose.web').WebSession;
  return { pyodide, WebSession, bootMs: Math.round(performance.now() - started) };
}

function internalError(err) {
  return { code: 'internal', message: String(err?.message ?? err).split('\n').slice(-2).join(' '), params: {} };
}

// A fatal result is {"error": {...}}; a page summary also has "error", but as null or a string.
const fatal = (result) => (result.error && typeof result.error === 'object' ? result.error : null);

function convert({ WebSession }, { job, bytes, options }) {
  const started = performance.now();
  if (session) {
    session.destroy(); // free the previous document's analysis before parsing the next one
    session = null;
  }
  session = WebSession();
  const opened = JSON.parse(session.open(new Uint8Array(bytes), '', MAX_PAGES));
  if (fatal(opened)) return post({ type: 'failed', job, error: fatal(opened) });
  post({ type: 'opened', job, pageCount: opened.page_count });
  for (;;) {
    const json = session.next_page();
    if (!json) break;
    const page = JSON.parse(json);
    if (fatal(page)) return post({ type: 'failed', job, error: fatal(page) });
    post({ type: 'page', job, page });
  }
  const report = JSON.parse(session.finish());
  if (fatal(report)) return post({ type: 'failed', job, error: fatal(report) });
  const text = session.render(JSON.stringify(options));
  post({ type: 'done', job, report, text, parseMs: Math.round(performance.now() - started) });
}

function render({ job, options }) {
  if (!session) return;
  post({ type: 'rendered', job, text: session.render(JSON.stringify(options)), options });
}
