// The page shell: takes a PDF, hands it to the engine worker, shows progress, pages, notices and
// the text, and offers copy and download. All the PDF work happens in the worker (app/worker.js).

import { EngineBridge } from './engine.js';
import { currentLanguage, setLanguage, t, translateStatic } from './i18n.js';

const MAX_FILE_BYTES = 25 * 1000 * 1000; // SPEC §13, same as pdfprose.options.MAX_FILE_BYTES
const MAX_FILE_MB = 25;
const MAX_PAGES = 500;

const $ = (id) => document.getElementById(id);
const ui = {
  lang: $('lang'),
  dropZone: $('drop-zone'),
  fileInput: $('file-input'),
  status: $('status'),
  progress: $('progress'),
  cancel: $('cancel'),
  noticeLimit: $('notice-limit'),
  error: $('error'),
  result: $('result'),
  noticeEmpty: $('notice-empty'),
  noticeGarbled: $('notice-garbled'),
  noticeFailed: $('notice-failed'),
  outputPanel: $('output-panel'),
  format: $('format'),
  copy: $('copy'),
  download: $('download'),
  output: $('output'),
  pageList: $('page-list'),
};

const state = {
  engineReady: false,
  job: 0, // bumped per conversion, so late messages of an older one are ignored
  parses: 0, // finished conversions: a format switch must not change it
  fileName: '',
  pending: null, // a file picked while the engine is still booting
  pages: [],
  report: null,
  text: '',
  downloadUrl: null,
  cancelled: false,
  status: ['status_loading', {}], // [message key, params], re-translated on a language switch
};

// Texts shown from a message key remember it, so switching language re-translates them.
const messages = new Map();
function say(el, key, params = {}) {
  if (key === null) {
    messages.delete(el);
    el.textContent = '';
    el.hidden = true;
    return;
  }
  messages.set(el, [key, params]);
  el.textContent = t(key, params);
  el.hidden = false;
}

function setStatus(stateName, key, params = {}) {
  ui.status.dataset.state = stateName;
  if (stateName === 'loading') ui.progress.removeAttribute('value'); // indeterminate: booting
  else if (stateName === 'ready') ui.progress.value = 0;
  say(ui.status, key, params);
  // Busy while pages tick by, so screen readers announce the outcome, not every page.
  ui.status.setAttribute('aria-busy', String(stateName === 'working'));
  ui.cancel.hidden = stateName !== 'working';
}

function outputOptions() {
  return { format: ui.format.value, join_lines: true, remove_headers: true, page_markers: false };
}

function baseName(name) {
  return name.replace(/\.pdf$/i, '') || 'document';
}

function resetResult() {
  for (const el of [ui.noticeLimit, ui.error, ui.noticeEmpty, ui.noticeGarbled, ui.noticeFailed]) say(el, null);
  state.pages = [];
  state.report = null;
  state.text = '';
  ui.pageList.replaceChildren();
  ui.output.textContent = '';
  ui.outputPanel.hidden = true;
  ui.result.hidden = true;
  setDownload(null);
}

// ---- taking a file ---------------------------------------------------------------------------

async function takeFile(file) {
  if (!file) return;
  if (ui.status.dataset.state === 'working') cancel(false);
  resetResult();
  state.fileName = file.name;
  // 'working' at once, before any await: nothing may still read 'done' from the last file.
  ui.progress.removeAttribute('value'); // indeterminate until the page count is known
  setStatus('working', 'status_opening', { name: file.name });
  if (file.size > MAX_FILE_BYTES) {
    // Round up, so a file just over the limit never reads as "25.0 MB; the limit is 25 MB".
    const mb = Math.ceil(file.size / 1e5) / 10;
    say(ui.noticeLimit, 'limit_size', { mb, limit: MAX_FILE_MB });
    ui.progress.value = 0;
    setStatus('error', 'status_error', { name: file.name });
    return;
  }
  if (!state.engineReady) {
    state.pending = file;
    setStatus('loading', 'status_loading_queued', { name: file.name });
    return;
  }
  const job = ++state.job;
  let bytes;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    bytes = null;
  }
  if (job !== state.job) return; // another file or a cancel came in while reading this one
  if (bytes === null) {
    say(ui.error, 'error_read_failed');
    ui.progress.value = 0;
    setStatus('error', 'status_error', { name: file.name });
    return;
  }
  state.cancelled = false;
  state.bridge.convert(job, bytes, outputOptions());
}

function cancel(announce = true) {
  resetResult(); // a half-read document is not a result
  state.job += 1;
  state.engineReady = false;
  state.cancelled = announce;
  state.bridge.restart();
  setStatus('loading', 'status_loading');
}

// ---- messages from the worker ----------------------------------------------------------------

function onEngineMessage(message) {
  if ('job' in message && message.job !== state.job) return;
  switch (message.type) {
    case 'ready': {
      state.engineReady = true;
      console.info(`pdfprose: engine booted in ${message.bootMs} ms`);
      const pending = state.pending;
      state.pending = null;
      setStatus('ready', state.cancelled ? 'status_cancelled' : 'status_ready');
      if (pending) takeFile(pending);
      break;
    }
    case 'boot-error':
      state.engineReady = false;
      ui.progress.value = 0;
      say(ui.error, 'error_boot', { message: message.message });
      setStatus('error', 'status_boot_error');
      break;
    case 'opened':
      document.body.classList.add('has-result'); // from now on the drop zone steps back
      ui.progress.max = Math.max(1, message.pageCount);
      ui.progress.value = 0;
      ui.result.hidden = false;
      setStatus('working', 'status_working', { done: 0, total: message.pageCount });
      break;
    case 'page':
      state.pages.push(message.page);
      ui.pageList.append(pageItem(message.page));
      ui.progress.value = message.page.number;
      setStatus('working', 'status_working', { done: state.pages.length, total: ui.progress.max });
      break;
    case 'done':
      state.parses += 1;
      ui.status.dataset.parses = String(state.parses);
      showReport(message.report);
      showText(message.text);
      setStatus('done', 'status_done', { pages: state.pages.length, seconds: message.parseMs / 1000 });
      break;
    case 'rendered':
      if (message.options.format === ui.format.value) showText(message.text);
      break;
    case 'failed':
      showFailure(message.error);
      break;
  }
}

function showFailure(error) {
  if (error.code === 'too_many_pages') {
    say(ui.noticeLimit, 'limit_pages', { pages: error.params.pages, limit: error.params.limit ?? MAX_PAGES });
  } else if (['not_pdf', 'unreadable', 'password_required', 'wrong_password'].includes(error.code)) {
    say(ui.error, `error_${error.code}`);
  } else {
    say(ui.error, 'error_internal', { message: error.message || error.code });
  }
  ui.result.hidden = state.pages.length === 0;
  ui.progress.value = 0;
  setStatus('error', 'status_error', { name: state.fileName });
}

function pageItem(page) {
  const li = document.createElement('li');
  li.dataset.page = String(page.number);
  li.dataset.columns = String(page.columns);
  li.dataset.empty = String(Boolean(page.empty));
  li.dataset.garbled = String(Boolean(page.garbled));
  fillPageItem(li, page);
  return li;
}

function fillPageItem(li, page) {
  const label = document.createElement('span');
  label.className = 'page-number';
  label.textContent = t('page_item', { number: page.number });
  const parts = [label];
  const badge = (key, kind) => {
    const el = document.createElement('span');
    el.className = `badge ${kind}`;
    el.textContent = t(key);
    return el;
  };
  if (page.error) parts.push(badge('badge_failed', 'bad'));
  else if (page.empty) parts.push(badge('badge_empty', 'warn'));
  else {
    const columns = document.createElement('span');
    columns.className = 'columns';
    columns.textContent = t('columns', { columns: page.columns });
    parts.push(columns);
  }
  if (page.garbled) parts.push(badge('badge_garbled', 'warn'));
  li.replaceChildren(...parts);
}

function showReport(report) {
  state.report = report;
  ui.result.hidden = false;
  const allEmpty = Boolean(report.all_empty);
  if (allEmpty) say(ui.noticeEmpty, 'notice_all_empty', { pages: report.pages.length });
  else if (report.empty_pages.length) say(ui.noticeEmpty, 'notice_empty', { pages: report.empty_pages });
  if (report.garbled_pages.length) say(ui.noticeGarbled, 'notice_garbled', { pages: report.garbled_pages });
  if (report.failed_pages.length) {
    say(ui.noticeFailed, 'notice_failed', { pages: report.failed_pages.map((p) => p.number) });
  }
  // Nothing to read means nothing to copy or download: no empty document passed off as a result.
  ui.outputPanel.hidden = allEmpty;
}

function showText(text) {
  state.text = text;
  ui.output.textContent = text;
  if (state.report && !state.report.all_empty) setDownload(text);
}

function setDownload(text) {
  if (state.downloadUrl) URL.revokeObjectURL(state.downloadUrl);
  state.downloadUrl = null;
  if (text === null) {
    ui.download.removeAttribute('href');
    ui.download.hidden = true;
    ui.copy.hidden = true;
    return;
  }
  const ext = ui.format.value;
  const type = ext === 'md' ? 'text/markdown' : 'text/plain';
  state.downloadUrl = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  ui.download.href = state.downloadUrl;
  ui.download.download = `${baseName(state.fileName)}.${ext}`;
  say(ui.download, 'download', { ext });
  ui.download.hidden = false;
  ui.copy.hidden = false;
}

// ---- controls ---------------------------------------------------------------------------------

async function copyOutput() {
  let key = 'copied';
  try {
    await navigator.clipboard.writeText(state.text);
  } catch {
    key = 'copy_failed';
  }
  ui.copy.dataset.copied = String(key === 'copied');
  say(ui.copy, key);
  clearTimeout(copyOutput.timer);
  copyOutput.timer = setTimeout(() => {
    delete ui.copy.dataset.copied;
    say(ui.copy, 'copy');
  }, 2000);
}

function wireControls() {
  ui.lang.value = currentLanguage();
  ui.lang.addEventListener('change', () => {
    setLanguage(ui.lang.value);
    for (const [el, [key, params]] of messages) el.textContent = t(key, params);
    for (const li of ui.pageList.children) {
      fillPageItem(li, state.pages.find((p) => String(p.number) === li.dataset.page));
    }
  });
  ui.fileInput.addEventListener('change', () => {
    takeFile(ui.fileInput.files[0]);
    ui.fileInput.value = ''; // picking the same file again must still fire 'change'
  });
  // Drops anywhere on the page count: a missed drop zone must not open the PDF in the tab.
  window.addEventListener('dragover', (event) => {
    event.preventDefault();
    ui.dropZone.classList.add('dragging');
  });
  window.addEventListener('dragleave', (event) => {
    if (!event.relatedTarget) ui.dropZone.classList.remove('dragging');
  });
  window.addEventListener('drop', (event) => {
    event.preventDefault();
    ui.dropZone.classList.remove('dragging');
    takeFile(event.dataTransfer?.files?.[0]);
  });
  ui.cancel.addEventListener('click', () => cancel(true));
  ui.format.addEventListener('change', () => {
    if (ui.status.dataset.state === 'done' && state.report && !state.report.all_empty) {
      state.bridge.render(state.job, outputOptions());
    }
  });
  ui.copy.addEventListener('click', copyOutput);
}

translateStatic();
wireControls();
setDownload(null);
setStatus('loading', 'status_loading');
state.bridge = new EngineBridge(onEngineMessage);
