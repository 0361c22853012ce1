// The page shell: takes a PDF, hands it to the engine worker, shows progress, the pages (with a
// schematic drawing of each), notices and the text, re-renders on option changes, and offers
// copy and download. All the PDF work happens in the worker (app/worker.js, via app/engine.js).

import { EngineBridge } from './engine.js';
import { currentLanguage, setLanguage, t, translateStatic } from './i18n.js';
import { markFurniture, pagePlaceholder, pageSvg } from './preview.js';
import { MarkdownView, pageLabel, preload as preloadMarkdown } from './markdown.js';

const MAX_FILE_BYTES = 25 * 1000 * 1000; // SPEC §13, same as pdfprose.options.MAX_FILE_BYTES
const MAX_FILE_MB = 25;
const MAX_PAGES = 500;
const THUMB_PX = 132; // the drawings' width in the page list (static/app.css, .page-card svg)
// Each page's drawing is an SVG of a few hundred elements: 350 of them took 170 MB of the
// renderer (measured, benchmarks/README.md). Documents longer than this draw a card only while
// it is near the view (DRAW_MARGIN) and let the drawing go when it leaves.
const EAGER_DRAWINGS = 60;
const DRAW_MARGIN = '1200px';
const SOURCE_CHUNK_CHARS = 12_000; // the source view is cut into blocks laid out only when seen
const HIGHLIGHT = 'pdfprose-page'; // the CSS custom highlight of the page jumped to
const MEMORY_FAILURE = /MemoryError|out of memory|Aborted\(|fatal error|allocation failed/i;

const $ = (id) => document.getElementById(id);
const ui = {
  lang: $('lang'),
  dropZone: $('drop-zone'),
  fileInput: $('file-input'),
  status: $('status'),
  progress: $('progress'),
  cancel: $('cancel'),
  noticeDrop: $('notice-drop'),
  noticeLimit: $('notice-limit'),
  error: $('error'),
  passwordForm: $('password-form'),
  passwordCancel: $('password-cancel'),
  passwordMessage: $('password-message'),
  password: $('password'),
  result: $('result'),
  noticeEmpty: $('notice-empty'),
  noticeGarbled: $('notice-garbled'),
  noticeFailed: $('notice-failed'),
  noticeMore: $('notice-more'),
  outputPanel: $('output-panel'),
  format: $('format'),
  joinLines: $('join-lines'),
  removeHeaders: $('remove-headers'),
  pageMarkers: $('page-markers'),
  viewSwitch: $('view-switch'),
  views: $('views'),
  copy: $('copy'),
  download: $('download'),
  output: $('output'),
  rendered: $('rendered'),
  pageList: $('page-list'),
  jumpNote: $('jump-note'),
  announce: $('announce'),
  offlineNote: $('offline-note'),
};

const state = {
  bridge: null,
  bridgeBooted: false, // the first engine is up (the service worker is registered then)
  engineReady: false,
  bootFailed: false, // the engine's last start failed: a file brought now starts it again
  job: 0, // bumped per conversion, so late messages of an older one are ignored
  parses: 0, // finished conversions: an option change must not change it
  file: null, // the File shown (or asked a password for), kept to try again with a password
  fileName: '',
  password: '',
  pending: null, // {file, password, dropNotice} picked while the engine was booting or cancelling
  cancelling: 0, // the job being cancelled
  announceCancel: false,
  analysisKept: false, // the worker holds this document's analysis (options re-render from it)
  pages: [], // the summaries of the pages analysed so far, in page order
  cards: new Map(), // page number -> its <li> in the page list
  rover: null, // the page whose card is the list's one tab stop (setRover)
  lazyDrawings: false, // a long document: cards are drawn only near the view
  report: null,
  text: '', // exactly what Copy and Download give
  key: '', // the options key of `text`
  starts: null, // where each page starts in `text` (UTF-16 offsets), once asked for
  seq: 0, // render requests, newest wins
  renderStarted: 0,
  pendingJump: null,
  currentPage: null, // the page the reader picked last in this document
  chunkStarts: [], // where each block of the source view starts in `text`
  results: new Map(), // options key -> rendering of this document, as the worker sent it
  flashed: null, // the element highlighted by the last jump
  downloadUrl: null,
};
const markdownView = new MarkdownView(ui.rendered);

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
  if (stateName === 'loading' || stateName === 'cancelling') ui.progress.removeAttribute('value');
  else if (stateName === 'ready') ui.progress.value = 0;
  say(ui.status, key, params);
  // Busy while pages tick by, so screen readers announce the outcome, not every page.
  ui.status.setAttribute('aria-busy', String(stateName === 'working'));
  ui.cancel.hidden = stateName !== 'working';
}

function announce(key, params = {}) {
  messages.delete(ui.announce);
  ui.announce.textContent = '';
  // A new text node each time, so the same message is announced again. Remembered like any
  // other message, so a language switch says it again in the new language (it stayed English).
  requestAnimationFrame(() => {
    messages.set(ui.announce, [key, params]);
    ui.announce.textContent = t(key, params);
  });
}

function outputOptions() {
  return {
    format: ui.format.value,
    join_lines: ui.joinLines.checked,
    remove_headers: ui.removeHeaders.checked,
    page_markers: ui.pageMarkers.checked,
    page_word: t('page_marker_word'),
  };
}

// The same key as the worker's (app/worker.js optionsKey).
function optionsKey(o = outputOptions()) {
  const word = o.page_markers && o.format === 'txt' ? `|${o.page_word}` : '';
  return `${o.format}|${+o.join_lines}|${+o.remove_headers}|${+o.page_markers}${word}`;
}

// The download is named after the PDF: its extension, or one of ours (a PDF saved as
// 'notes.txt' gave 'notes.txt.txt'), gives way to the format's.
function baseName(name) {
  return name.replace(/\.(pdf|txt|md|markdown)$/i, '') || 'document';
}

function resetResult() {
  for (const el of [ui.noticeDrop, ui.noticeLimit, ui.error, ui.noticeEmpty, ui.noticeGarbled, ui.noticeFailed, ui.jumpNote]) {
    say(el, null);
  }
  hidePassword();
  for (const li of ui.noticeMore.children) messages.delete(li);
  ui.noticeMore.replaceChildren();
  ui.noticeMore.hidden = true;
  state.pages = [];
  state.cards.clear();
  cardObserver?.disconnect();
  state.lazyDrawings = false;
  state.report = null;
  state.text = '';
  state.key = '';
  state.starts = null;
  state.pendingJump = null;
  state.analysisKept = false;
  state.results.clear();
  state.rover = null;
  ui.pageList.replaceChildren();
  showSource('');
  markdownView.clear();
  ui.outputPanel.hidden = true;
  delete ui.outputPanel.dataset.pending;
  state.currentPage = null;
  ui.result.hidden = true;
  setDownload(null);
}

// ---- taking a file ---------------------------------------------------------------------------

function looksLikePdf(file) {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

function busy() {
  return ['working', 'cancelling'].includes(ui.status.dataset.state);
}

// `dropNotice`: [key, params] of what the drop that brought the file has to say (more files
// than one), shown with this file's outcome: it goes along while the file waits for the engine,
// whose start would otherwise wipe it with the rest of the last result.
async function takeFile(file, password = '', dropNotice = null) {
  if (!file) return;
  // What was typed for one file is never offered to the next (a tester's half-typed password
  // for one PDF stood in the prompt of the next, selected, one Enter from being sent).
  if (file !== state.file) ui.password.value = '';
  if (ui.status.dataset.state === 'working') cancel(false);
  if (state.cancelling) {
    // The engine is finishing its current page; this file starts as soon as it is free.
    state.pending = { file, password, dropNotice };
    return;
  }
  resetResult();
  if (dropNotice) say(ui.noticeDrop, ...dropNotice);
  for (const name of ['workers', 'helperPages', 'reanalysed', 'helperFailed', 'heapMb', 'spareClaimedAt', 'adoptError']) delete ui.status.dataset[name];
  state.file = file;
  state.fileName = file.name;
  state.password = password;
  // 'working' at once, before any await: nothing may still read 'done' from the last file.
  ui.progress.removeAttribute('value'); // indeterminate until the page count is known
  setStatus('working', 'status_opening', { name: file.name });
  if (file.size === 0) {
    // Said here, in the user's words: the engine would only call it "not a PDF".
    say(ui.error, 'error_empty_file');
    ui.progress.value = 0;
    setStatus('error', 'status_error', { name: file.name });
    return;
  }
  if (file.size > MAX_FILE_BYTES) {
    // Round up, so a file just over the limit never reads as "25.0 MB; the limit is 25 MB".
    const mb = Math.ceil(file.size / 1e5) / 10;
    say(ui.noticeLimit, 'limit_size', { mb, limit: MAX_FILE_MB });
    ui.progress.value = 0;
    setStatus('error', 'status_error', { name: file.name });
    return;
  }
  if (!state.engineReady) {
    state.pending = { file, password, dropNotice };
    setStatus('loading', 'status_loading_queued', { name: file.name });
    if (state.bootFailed) {
      // No start is under way to wait for (the file would wait for ever): try again for it.
      state.bootFailed = false;
      state.bridge.restart();
    }
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
  state.announceCancel = false;
  state.bridge.convert(job, bytes, password, outputOptions());
}

// A drop that brings no file still replaces what the last drop left, as a file does (a tester
// saw "not a PDF" stay beside "that was text"): a refused or failed file goes whole, status
// and all, and the page is ready for another PDF. A document shown stays, only the notices
// about how it came go: the text dropped may be a selection of it, dragged by mistake. A
// converter that could not start is no drop's doing, and its message stays.
function forgetLastDrop() {
  say(ui.noticeDrop, null);
  say(ui.noticeLimit, null);
  const status = messages.get(ui.status)?.[0];
  if (status === 'status_boot_error') return;
  if (status === 'status_error') {
    resetResult();
    // A file refused while the engine was still booting (empty, too large) leaves it loading.
    if (state.engineReady) setStatus('ready', 'status_ready');
    else setStatus('loading', 'status_loading');
    return;
  }
  say(ui.error, null);
}

function cancel(announceIt = true) {
  if (ui.status.dataset.state !== 'working') return;
  resetResult(); // a half-read document is not a result
  const job = state.job;
  state.job += 1; // whatever the old job still says is ignored
  state.pending = null;
  state.announceCancel = announceIt;
  if (!state.engineReady) {
    setStatus('loading', 'status_loading');
    return;
  }
  state.cancelling = job;
  setStatus('cancelling', 'status_cancelling');
  state.bridge.cancel(job);
}

function startPending() {
  const pending = state.pending;
  state.pending = null;
  if (pending) takeFile(pending.file, pending.password, pending.dropNotice);
}

// ---- messages from the worker ----------------------------------------------------------------

function onEngineMessage(message) {
  if (message.type === 'cancelled') return onCancelled(message);
  if (message.type === 'crashed') return onCrashed(message);
  if ('job' in message && message.job !== state.job) return;
  switch (message.type) {
    case 'ready': {
      const first = !state.bridgeBooted;
      state.bridgeBooted = true;
      state.engineReady = true;
      state.bootFailed = false;
      console.info(`pdfprose: engine booted in ${message.bootMs} ms`, message.phases ?? {});
      ui.status.dataset.bootMs = String(message.bootMs);
      // When the worker began to boot, on the page's clock (ms after navigation started).
      if (message.startedAt) ui.status.dataset.bootStartMs = String(Math.round(message.startedAt - performance.timeOrigin));
      // How it started: 'restored' from this browser's start-up snapshot (app/snapshot.js),
      // 'none' (a normal boot; the snapshot for next time is stored after it) or 'rejected'
      // (the stored one did not fit or restore, so a normal boot).
      ui.status.dataset.bootSnapshot = message.snapshot ?? 'none';
      ui.status.dataset.boots = String(Number(ui.status.dataset.boots ?? 0) + 1);
      if (!busy()) setStatus('ready', state.announceCancel ? 'status_cancelled' : 'status_ready');
      if (first) registerServiceWorker();
      startPending();
      break;
    }
    case 'snapshot-stored':
      ui.status.dataset.snapshotStored = String(message.stored);
      break;
    case 'spare': // the second worker booted ahead for long documents (app/engine.js)
      ui.status.dataset.spare = message.state === 'claimed' ? 'none' : message.state;
      if (message.state === 'claimed') ui.status.dataset.spareClaimedAt = String(message.at);
      break;
    case 'boot-error':
      state.engineReady = false;
      state.bootFailed = true;
      state.pending = null; // said failed with the engine; a file brought again tries again
      ui.progress.value = 0;
      say(ui.error, 'error_boot', { message: message.message });
      setStatus('error', 'status_boot_error');
      break;
    case 'opened':
      document.body.classList.add('has-result'); // from now on the drop zone steps back
      state.lazyDrawings = Boolean(cardObserver) && message.pageCount > EAGER_DRAWINGS;
      ui.progress.max = Math.max(1, message.pageCount);
      ui.progress.value = 0;
      ui.result.hidden = false;
      ui.outputPanel.dataset.pending = 'true';
      ui.outputPanel.hidden = false;
      setStatus('working', 'status_working', { done: 0, total: message.pageCount });
      break;
    case 'page':
      addPage(message.page);
      ui.progress.value = state.pages.length;
      if (state.pages.length >= ui.progress.max && ui.progress.max > 1) {
        setStatus('working', 'status_finishing', { total: ui.progress.max });
      } else setStatus('working', 'status_working', { done: state.pages.length, total: ui.progress.max });
      break;
    case 'helper-failed':
      // The second worker of a long document failed: the first one finishes it alone.
      console.warn(`pdfprose: the second worker stopped (${message.message}); going on with one`);
      ui.status.dataset.helperFailed = 'true';
      break;
    case 'preview-text':
      // The first page's text while the rest is read (before the document passes); the
      // finished text replaces it.
      if (ui.status.dataset.state === 'working' && !state.text && message.text) showSource(message.text);
      break;
    case 'done':
      ui.password.value = '';
      delete ui.views.dataset.ahead;
      state.parses += 1;
      state.analysisKept = true;
      ui.status.dataset.parses = String(state.parses);
      ui.status.dataset.parseMs = String(message.parseMs);
      // How the document was read: by one worker or two (app/engine.js), and the engine's
      // WebAssembly memory after it (for the speed benchmark).
      ui.status.dataset.workers = String(message.workers ?? 1);
      ui.status.dataset.helperPages = String(message.helperPages ?? 0);
      ui.status.dataset.reanalysed = String(message.reanalysed ?? 0);
      if (message.adoptError) ui.status.dataset.adoptError = message.adoptError; // the tests' diagnosis
      if (message.heapBytes) ui.status.dataset.heapMb = String(Math.round(message.heapBytes / 2 ** 20));
      showReport(message.report);
      state.results.set(message.result.key, message.result);
      showResult(message.result);
      setStatus('done', doneStatus(message.report), { pages: state.pages.length, seconds: message.parseMs / 1000 });
      break;
    case 'rendered':
      state.results.set(message.result.key, message.result);
      if (message.seq === state.seq) showResult(message.result);
      break;
    case 'ahead':
      // Kept here, so that switching to these options needs no message to the worker at all.
      state.results.set(message.result.key, message.result);
      ui.views.dataset.ahead = `${ui.views.dataset.ahead ?? ''} ${message.result.key}`.trim();
      break;
    case 'located':
      if (message.key === state.key) {
        state.starts = message.starts;
        if (state.pendingJump !== null) jumpTo(state.pendingJump.number, state.pendingJump.focus);
      }
      break;
    case 'failed':
      if ((message.during === 'render' || message.during === 'locate') && state.report) {
        say(ui.error, 'error_internal', { message: message.error.message || message.error.code });
        state.renderStarted = 0;
        break;
      }
      showFailure(message.error);
      break;
  }
  return undefined;
}

function onCancelled({ job, restarted }) {
  if (job !== state.cancelling) return;
  state.cancelling = 0;
  if (restarted) {
    state.engineReady = false;
    setStatus('loading', 'status_restarting');
    return; // 'ready' follows, then the pending file, if any
  }
  setStatus('ready', state.announceCancel ? 'status_cancelled' : 'status_ready');
  startPending();
}

function onCrashed({ message }) {
  // The bridge has already started a fresh worker: the page stays usable.
  const wasWorking = busy();
  state.engineReady = false;
  state.cancelling = 0;
  state.job += 1;
  state.analysisKept = false; // the analysis died with the worker: an option change parses again
  if (wasWorking) {
    const { file, password } = state;
    resetResult();
    state.file = file;
    state.password = password;
  }
  ui.progress.value = 0;
  say(ui.error, MEMORY_FAILURE.test(message) ? 'error_memory' : 'error_crashed', { message });
  setStatus('loading', 'status_restarting');
}

function showFailure(error) {
  ui.progress.value = 0;
  ui.result.hidden = state.pages.length === 0;
  if (error.code === 'password_required' || error.code === 'wrong_password') {
    showPassword(error.code === 'password_required' ? 'password_required' : 'password_wrong');
    setStatus('password', 'status_password', { name: state.fileName });
    return;
  }
  if (error.code === 'too_many_pages') {
    say(ui.noticeLimit, 'limit_pages', { pages: error.params.pages, limit: error.params.limit ?? MAX_PAGES });
  } else if (error.code === 'too_large') {
    const mb = Math.ceil((error.params.bytes ?? 0) / 1e5) / 10;
    say(ui.noticeLimit, 'limit_size', { mb, limit: MAX_FILE_MB });
  } else if (['not_pdf', 'unreadable', 'no_pages', 'truncated', 'unsupported_encryption'].includes(error.code)) {
    say(ui.error, `error_${error.code}`, error.params ?? {});
  } else if (MEMORY_FAILURE.test(error.message || '')) {
    // The interpreter may be left broken: drop the partial result, start a fresh one.
    const { file, password } = state;
    resetResult();
    state.file = file;
    state.password = password;
    say(ui.error, 'error_memory');
    restartEngine();
    return;
  } else {
    say(ui.error, 'error_internal', { message: error.message || error.code });
  }
  setStatus('error', 'status_error', { name: state.fileName });
}

function restartEngine() {
  state.engineReady = false;
  state.job += 1;
  state.analysisKept = false;
  state.bridge.restart();
  setStatus('loading', 'status_restarting');
}

// ---- the password ------------------------------------------------------------------------------

function showPassword(key) {
  say(ui.passwordMessage, key, { name: state.fileName });
  ui.passwordForm.hidden = false;
  ui.passwordForm.dataset.reason = key;
  ui.password.setAttribute('aria-invalid', String(key !== 'password_required'));
  ui.password.focus();
  ui.password.select();
}

function hidePassword() {
  // A hidden field keeps no focus: the keyboard would be dropped at the top of the page. The
  // status line, which says what happens next, takes it.
  if (ui.passwordForm.contains(document.activeElement)) ui.status.focus();
  ui.passwordForm.hidden = true;
  delete ui.passwordForm.dataset.reason;
  messages.delete(ui.passwordMessage);
  ui.passwordMessage.textContent = '';
}

// ---- pages ---------------------------------------------------------------------------------------

function pageItem(page) {
  const li = document.createElement('li');
  li.dataset.page = String(page.number);
  li.dataset.columns = String(page.columns);
  li.dataset.empty = String(Boolean(page.empty));
  li.dataset.garbled = String(Boolean(page.garbled));
  li.dataset.failed = String(Boolean(page.error));
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'page-card';
  button.dataset.page = String(page.number);
  button.append(state.lazyDrawings ? pagePlaceholder(page, { pixelWidth: THUMB_PX }) : drawing(page));
  const caption = document.createElement('span');
  caption.className = 'page-caption';
  button.append(caption);
  li.append(button);
  fillCaption(li, page);
  return li;
}

function fillCaption(li, page) {
  const caption = li.querySelector('.page-caption');
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
  caption.replaceChildren(...parts);
}

function pageItemFor(number) {
  return state.cards.get(number) ?? null;
}

function drawing(page) {
  const svg = pageSvg(page, { pixelWidth: THUMB_PX });
  if (page.furniture) markFurniture(svg, page.furniture);
  return svg;
}

// Pages come from two workers in a long document (app/engine.js), not always in order, and a
// page may come again (analysed anew): the list shows each once, in page order.
function addPage(page) {
  const li = pageItem(page);
  const old = state.cards.get(page.number);
  let index = state.pages.length;
  while (index > 0 && state.pages[index - 1].number > page.number) index -= 1;
  if (old) {
    index = state.pages.findIndex((p) => p.number === page.number);
    state.pages[index] = page;
    cardObserver?.unobserve(old);
    old.replaceWith(li);
  } else {
    const next = state.pages[index];
    state.pages.splice(index, 0, page);
    ui.pageList.insertBefore(li, next ? state.cards.get(next.number) : null);
  }
  state.cards.set(page.number, li);
  li.querySelector('button.page-card').tabIndex = -1;
  // The tab stop goes to the lowest page so far, unless the reader is moving in the list.
  const moving = ui.pageList.contains(document.activeElement);
  if (state.rover === null || state.rover === page.number || (!moving && page.number < state.rover)) {
    setRover(page.number);
  }
  if (state.lazyDrawings) cardObserver.observe(li);
}

// The page list is one tab stop (a roving tabindex), its cards reached with the arrow keys,
// Home and End: one tab stop per card put 155 of them between the file picker and Copy on a
// 155-page report.
function setRover(number) {
  const old = state.cards.get(state.rover)?.querySelector('button.page-card');
  if (old) old.tabIndex = -1;
  state.rover = number;
  const button = state.cards.get(number)?.querySelector('button.page-card');
  if (button) button.tabIndex = 0;
}

const STEP_KEYS = { ArrowRight: 1, ArrowLeft: -1 };
const ROW_KEYS = { ArrowDown: 1, ArrowUp: -1 };

function onPageListKey(event) {
  const button = event.target.closest('button.page-card');
  if (!button || !state.pages.length) return;
  const index = state.pages.findIndex((p) => p.number === Number(button.dataset.page));
  let to;
  if (event.key in STEP_KEYS) to = index + STEP_KEYS[event.key];
  else if (event.key in ROW_KEYS) to = cardInNextRow(index, ROW_KEYS[event.key]);
  else if (event.key === 'Home') to = 0;
  else if (event.key === 'End') to = state.pages.length - 1;
  else return;
  event.preventDefault();
  const page = state.pages[Math.max(0, Math.min(state.pages.length - 1, to))];
  setRover(page.number);
  state.cards.get(page.number).querySelector('button.page-card').focus();
}

// The card above (direction -1) or below (+1) the card at `index` in the grid the list is laid
// out in (static/app.css): in the row before or after, the card nearest in x, which is the
// last one of a shorter row; the card itself at the top or bottom row. The number of columns
// follows the panel's width, so the rows are read from the layout, not counted. A list of one
// row (the strip of a narrow screen) has no row to move to: Up and Down are previous and next
// there, as they are in a list of one column.
function cardInNextRow(index, direction) {
  const count = state.pages.length;
  const boxes = new Map();
  const box = (i) => {
    if (!boxes.has(i)) boxes.set(i, state.cards.get(state.pages[i].number).getBoundingClientRect());
    return boxes.get(i);
  };
  // The cards are in page order, row after row: a card that does not stand to the right of the
  // one before it begins a row.
  const beginsRow = (i) => i > 0 && box(i).left < box(i - 1).right - 1;
  let start = index;
  while (start > 0 && !beginsRow(start)) start -= 1;
  let end = index + 1;
  while (end < count && !beginsRow(end)) end += 1;
  if (start === 0 && end === count) return index + direction;
  let from;
  let to;
  if (direction > 0) {
    if (end === count) return index;
    from = end;
    to = end + 1;
    while (to < count && !beginsRow(to)) to += 1;
  } else {
    if (start === 0) return index;
    to = start;
    from = start - 1;
    while (from > 0 && !beginsRow(from)) from -= 1;
  }
  const centre = (i) => (box(i).left + box(i).right) / 2;
  const x = centre(index);
  let nearest = from;
  for (let i = from + 1; i < to; i += 1) {
    if (Math.abs(centre(i) - x) < Math.abs(centre(nearest) - x)) nearest = i;
  }
  return nearest;
}

// Draws the cards that come near the view, and lets go of those that leave it.
const cardObserver = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const { target, isIntersecting } of entries) {
      const number = Number(target.dataset.page);
      const page = state.pages.find((p) => p.number === number);
      const svg = target.querySelector('svg.pv');
      if (!page || !svg || state.cards.get(number) !== target) continue;
      const drawn = !svg.classList.contains('pv-pending');
      if (isIntersecting && !drawn) svg.replaceWith(drawing(page));
      else if (!isIntersecting && drawn) svg.replaceWith(pagePlaceholder(page, { pixelWidth: THUMB_PX }));
    }
  }, { rootMargin: DRAW_MARGIN })
  : null;

// ---- the report and its notices --------------------------------------------------------------

function pageNumberOf(entry) {
  return typeof entry === 'object' && entry !== null ? entry.number : entry;
}

function hasNotice(report, code) {
  return (report.notices ?? []).some((n) => n.code === code);
}

// Characters the engine could not read for want of data (CMaps never fetched, offline), or a
// damaged file: "Done" alone would pass what is missing off as the whole document.
function doneStatus(report) {
  if (hasNotice(report, 'cmap_unavailable')) return 'status_done_incomplete';
  // A damaged file, or damaged drawing operations on a page (both have their notice).
  const damaged = hasNotice(report, 'damaged') || hasNotice(report, 'content_damaged');
  return damaged ? 'status_done_damaged' : 'status_done';
}

function showReport(report) {
  state.report = report;
  ui.result.hidden = false;
  const allEmpty = Boolean(report.all_empty);
  // "None of the pages has a text layer" only when none failed: pages that could not be read are
  // not scans, and the failed-pages notice names them.
  if (allEmpty && !report.failed_pages.length) say(ui.noticeEmpty, 'notice_all_empty', { pages: report.pages.length });
  else if (report.empty_pages.length) say(ui.noticeEmpty, 'notice_empty', { pages: report.empty_pages.map(pageNumberOf) });
  const garbled = report.garbled_pages.map(pageNumberOf);
  // Offline, CJK fonts whose CMaps were never fetched read as unmapped: their own notice says to
  // connect; the garbled one would send the reader to OCR for nothing.
  const cmapMissing = hasNotice(report, 'cmap_unavailable');
  if (garbled.length && !cmapMissing) {
    const summaries = report.pages.filter((p) => garbled.includes(p.number));
    const glyphs = summaries.reduce((sum, p) => sum + (p.glyphs || 0), 0);
    const unmapped = summaries.reduce((sum, p) => sum + (p.unmapped || 0), 0);
    // A lost font's glyphs count as bad but have a meaning: "N % have no known meaning" would
    // be false of them.
    const lostFonts = summaries.some((p) => p.garbled_cause === 'missing_font');
    const percent = !lostFonts && glyphs && unmapped / glyphs >= 0.01 ? unmapped / glyphs : 0;
    // The cause (a font fact) when the engine names it: grouped in its notices, or per page.
    let groups = (report.notices ?? [])
      .filter((n) => n.code === 'garbled' && n.cause && Array.isArray(n.pages))
      .map((n) => ({ key: n.cause, text: n.cause_text, pages: n.pages }));
    if (!groups.length) {
      const byCause = new Map();
      for (const p of summaries) {
        if (!p.garbled_cause) continue;
        if (!byCause.has(p.garbled_cause)) byCause.set(p.garbled_cause, []);
        byCause.get(p.garbled_cause).push(p.number);
      }
      groups = [...byCause].map(([key, pages]) => ({ key, pages }));
    }
    // Fonts lost from a cut or damaged file: OCR of that file cannot bring them back.
    const lostFontsOnly = groups.length > 0 && groups.every((g) => g.key === 'missing_font');
    if (groups.length) say(ui.noticeGarbled, 'notice_garbled_causes', { groups, percent, lostFontsOnly });
    else say(ui.noticeGarbled, 'notice_garbled', { pages: garbled, percent });
  }
  if (report.failed_pages.length) {
    const failed = report.failed_pages.map((f) => (typeof f === 'object' ? f : { number: f, reason: null }));
    say(ui.noticeFailed, 'notice_failed', { pages: failed });
  }
  showOtherNotices(report.notices ?? []);
  // Running headers and footers are only known after the document passes.
  for (const summary of report.pages) {
    if (!summary.furniture) continue;
    const page = state.pages.find((p) => p.number === summary.number);
    if (page) page.furniture = summary.furniture;
    const svg = pageItemFor(summary.number)?.querySelector('svg');
    if (svg && !svg.classList.contains('pv-pending')) markFurniture(svg, summary.furniture);
  }
  // Nothing to read means nothing to copy or download: no empty document passed off as a result.
  delete ui.outputPanel.dataset.pending;
  ui.outputPanel.hidden = allEmpty;
  $('pages-hint').hidden = allEmpty;
}

// What else the engine noticed (a damaged file, damaged content, copy restrictions, an internal
// error in the document passes), each in the page's language; a notice this page does not know
// yet is shown in the engine's own (English) words rather than not at all.
const NOTICE_KEYS = {
  damaged: 'notice_damaged',
  content_damaged: 'notice_content_damaged',
  copy_restricted: 'notice_copy_restricted',
  internal: 'notice_internal',
  cmap_unavailable: 'notice_cmap_unavailable',
  unmapped_glyphs: 'notice_unmapped_glyphs',
};
const NOTICES_SHOWN_ELSEWHERE = new Set(['garbled', 'failed_pages']);

function showOtherNotices(notices) {
  const items = [];
  for (const notice of notices) {
    if (NOTICES_SHOWN_ELSEWHERE.has(notice.code)) continue;
    const li = document.createElement('li');
    li.dataset.code = notice.code;
    const key = NOTICE_KEYS[notice.code];
    if (key) say(li, key, { ...notice, pages: notice.pages ?? [] });
    else if (notice.message) li.textContent = notice.message;
    else continue;
    items.push(li);
  }
  ui.noticeMore.replaceChildren(...items);
  ui.noticeMore.hidden = items.length === 0;
}

// ---- the text ------------------------------------------------------------------------------------

function currentView() {
  if (ui.format.value !== 'md') return 'source';
  return ui.viewSwitch.querySelector('input:checked')?.value ?? 'source';
}

function applyView() {
  const view = currentView();
  ui.viewSwitch.hidden = ui.format.value !== 'md';
  ui.views.dataset.view = view;
  ui.output.hidden = view === 'rendered';
  ui.rendered.hidden = view === 'source';
  ui.pageList.classList.toggle('strike-furniture', ui.removeHeaders.checked);
  return view;
}

// The source view: the text in blocks cut after a blank line, each laid out by the browser only
// when it scrolls into view (content-visibility in static/app.css), so that 400 KB of text shows
// at once. The blocks' text put together is exactly the output.
function showSource(text) {
  const chunks = [];
  const starts = [];
  // Each block's height is estimated from its lines and the box's width until the browser lays
  // it out (then it remembers the real one), so the scrollbar is about right from the start.
  const charsPerLine = Math.max(20, Math.floor(((ui.output.clientWidth || 900) - 24) / 8.3));
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + SOURCE_CHUNK_CHARS);
    if (end < text.length) {
      const cut = text.indexOf('\n\n', end);
      end = cut < 0 ? text.length : cut + 2;
    }
    const chunk = document.createElement('div');
    chunk.className = 'src-chunk';
    const body = text.slice(start, end);
    chunk.textContent = body;
    let lines = 0;
    for (const line of body.split('\n')) lines += Math.max(1, Math.ceil(line.length / charsPerLine));
    chunk.style.containIntrinsicSize = `auto ${Math.round(lines * 20.6)}px`;
    chunks.push(chunk);
    starts.push(start);
    start = end;
  }
  state.chunkStarts = starts;
  state.flashed = null;
  CSS.highlights?.delete(HIGHLIGHT);
  ui.output.replaceChildren(...chunks);
}

async function showResult(result) {
  if (result.key !== optionsKey()) return; // the options changed again since: wait for that one
  state.text = result.text;
  const sameDocument = state.key !== '';
  state.key = result.key;
  state.starts = null;
  showSource(result.text);
  // Another rendering of the same document stays on the page the reader picked; a new
  // document starts at its top.
  ui.output.scrollTop = 0;
  ui.rendered.scrollTop = 0;
  if (sameDocument && state.currentPage !== null) state.pendingJump = { number: state.currentPage, focus: false };
  ui.views.dataset.key = result.key;
  ui.views.dataset.engineMs = String(result.renderMs);
  ui.views.dataset.cached = String(result.cached);
  if (state.report && !state.report.all_empty) setDownload(result.text, result.options.format);
  const view = applyView();
  if (view !== 'source') await markdownView.show(result.text);
  if (state.renderStarted) {
    // Measured once the browser has painted the new text.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    ui.views.dataset.renderMs = String(Math.round(performance.now() - state.renderStarted));
    state.renderStarted = 0;
  }
  ui.views.dataset.shown = result.key;
  if (state.pendingJump !== null) requestLocate();
}

function rerender() {
  applyView();
  if (ui.format.value === 'md') preloadMarkdown();
  if (ui.status.dataset.state !== 'done' || !state.report || state.report.all_empty) return;
  if (!state.analysisKept) {
    // The worker that held the analysis is gone (it crashed): read the file again.
    if (state.file) takeFile(state.file, state.password);
    return;
  }
  state.seq += 1;
  state.renderStarted = performance.now();
  const kept = state.results.get(optionsKey());
  if (kept) {
    showResult({ ...kept, renderMs: 0, cached: true });
    state.bridge.plan(state.job, outputOptions());
    return;
  }
  state.bridge.render(state.job, state.seq, outputOptions());
}

// ---- jumping to a page's text --------------------------------------------------------------------

function requestLocate() {
  if (state.starts || !state.analysisKept) return;
  state.bridge.locate(state.job, outputOptions());
}

// A point of the source view's text: [text node, offset in it].
function pointAt(offset) {
  let index = state.chunkStarts.length - 1;
  while (index > 0 && state.chunkStarts[index] > offset) index -= 1;
  const chunk = ui.output.children[index];
  if (!chunk) return null;
  let rest = offset - (state.chunkStarts[index] ?? 0);
  const walker = document.createTreeWalker(chunk, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  let last = null;
  while (node) {
    if (rest <= node.length) return [node, rest];
    rest -= node.length;
    last = node;
    node = walker.nextNode();
  }
  return last ? [last, last.length] : [chunk, 0];
}

// An empty, focusable marker where a page's text starts (the text itself is unchanged).
function placeAnchor(number, offset) {
  const old = ui.output.querySelector('.page-anchor');
  if (old) {
    const parent = old.parentNode;
    old.remove();
    parent.normalize();
  }
  const point = pointAt(offset);
  if (!point) return null;
  const anchor = document.createElement('span');
  anchor.className = 'page-anchor';
  anchor.dataset.page = String(number);
  anchor.tabIndex = -1;
  const [node, at] = point;
  if (node.nodeType === Node.TEXT_NODE) node.splitText(at).before(anchor);
  else node.prepend(anchor);
  return anchor;
}

// Scrolls `container` so that `target` (or `rect`'s element) is at its top. Blocks around the
// target are laid out only once they come near the view (content-visibility), which can move
// the target a little: the position is corrected over the next frames.
function scrollWithin(container, target, rect, bringIntoView) {
  const place = (box) => {
    container.scrollTop += box.top - container.getBoundingClientRect().top - 8;
  };
  place(rect ?? target.getBoundingClientRect());
  const box = container.getBoundingClientRect();
  if (bringIntoView && (box.top < 0 || box.top > window.innerHeight * 0.6)) container.scrollIntoView({ block: 'start' });
  let corrections = 3;
  const again = () => {
    const now = target.getBoundingClientRect();
    const off = now.top - container.getBoundingClientRect().top - 8;
    if (Math.abs(off) > 2) place(now);
    if (--corrections > 0) requestAnimationFrame(again);
  };
  requestAnimationFrame(again);
}

function flash(el) {
  state.flashed?.classList.remove('flash');
  el.classList.add('flash');
  state.flashed = el;
}

function onPageClick(number) {
  state.currentPage = number;
  for (const li of ui.pageList.children) {
    if (li.dataset.page === String(number)) li.firstElementChild.setAttribute('aria-current', 'true');
    else li.firstElementChild.removeAttribute('aria-current');
  }
  if (ui.status.dataset.state !== 'done' || ui.outputPanel.hidden) {
    const done = ui.status.dataset.state === 'done';
    say(ui.jumpNote, done ? 'page_no_text' : 'page_not_ready', { number });
    // Still reading: the jump is made once the text is shown (showResult), without taking the
    // focus, which the reader may have moved on since.
    if (!done) state.pendingJump = { number, focus: false };
    return;
  }
  state.pendingJump = { number, focus: true };
  if (state.starts) jumpTo(number, true);
  else requestLocate();
}

// `focus`: move the focus to the page's text (a click on the page), or not (the same page shown
// again after an option change, while the focus stays on that option).
function jumpTo(number, focus) {
  state.pendingJump = null;
  const index = state.pages.findIndex((p) => p.number === number);
  if (index < 0 || !state.starts) return;
  const start = state.starts[index] ?? state.text.length;
  const end = index + 1 < state.starts.length ? state.starts[index + 1] : state.text.length;
  ui.output.dataset.jumpPage = String(number);
  ui.output.dataset.jumpStart = String(start);
  if (start >= end || !state.text.slice(start, end).trim()) say(ui.jumpNote, 'page_no_text', { number });
  else say(ui.jumpNote, null);
  const view = currentView();
  if (view !== 'rendered') {
    const anchor = placeAnchor(number, start);
    if (anchor) {
      const range = new Range();
      range.setStartAfter(anchor);
      const endPoint = pointAt(end);
      if (endPoint) range.setEnd(...endPoint);
      if (CSS.highlights && typeof Highlight === 'function') CSS.highlights.set(HIGHLIGHT, new Highlight(range));
      const rects = range.getClientRects();
      scrollWithin(ui.output, anchor, rects.length ? rects[0] : null, focus);
      if (focus) anchor.focus({ preventScroll: true });
    }
  }
  if (view !== 'source') {
    const line = (state.text.slice(0, start).match(/\n/g) ?? []).length;
    const target = markdownView.elementForLine(line);
    if (target) {
      scrollWithin(ui.rendered, target, null, focus && view === 'rendered');
      flash(target);
      if (view === 'rendered' && focus) {
        target.tabIndex = -1;
        target.focus({ preventScroll: true });
      }
    }
  }
}

// ---- copy and download -------------------------------------------------------------------------

function setDownload(text, format = ui.format.value) {
  if (state.downloadUrl) URL.revokeObjectURL(state.downloadUrl);
  state.downloadUrl = null;
  if (text === null) {
    ui.download.removeAttribute('href');
    ui.download.hidden = true;
    ui.copy.hidden = true;
    return;
  }
  const ext = format === 'md' ? 'md' : 'txt';
  const type = ext === 'md' ? 'text/markdown' : 'text/plain';
  state.downloadUrl = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  ui.download.href = state.downloadUrl;
  ui.download.download = `${baseName(state.fileName)}.${ext}`;
  say(ui.download, 'download', { ext });
  ui.download.hidden = false;
  ui.copy.hidden = false;
}

async function copyOutput() {
  let key = 'copied';
  try {
    await navigator.clipboard.writeText(state.text);
  } catch {
    key = 'copy_failed';
  }
  ui.copy.dataset.copied = String(key === 'copied');
  say(ui.copy, key);
  announce(key);
  clearTimeout(copyOutput.timer);
  copyOutput.timer = setTimeout(() => {
    delete ui.copy.dataset.copied;
    say(ui.copy, 'copy');
    // Said once: a language switch minutes later must not say "Copied" again out of nowhere.
    if (messages.get(ui.announce)?.[0] === key) {
      messages.delete(ui.announce);
      ui.announce.textContent = '';
    }
  }, 2000);
}

// ---- offline -------------------------------------------------------------------------------------

function registerServiceWorker() {
  // Registered once the engine is up, so that its first download never competes with the
  // engine's own; it then caches the shell and the runtime for the next visits (sw.js).
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register(new URL('../sw.js', import.meta.url), { scope: new URL('../', import.meta.url).pathname })
    .then(() => navigator.serviceWorker.ready)
    .then(() => {
      ui.offlineNote.hidden = false;
      document.documentElement.dataset.offlineReady = 'true';
    })
    .catch((err) => console.warn('pdfprose: offline copy unavailable:', err?.message ?? err));
}

// ---- controls ---------------------------------------------------------------------------------

function wireControls() {
  ui.lang.value = currentLanguage();
  ui.lang.addEventListener('change', () => {
    setLanguage(ui.lang.value);
    for (const [el, [key, params]] of messages) el.textContent = t(key, params);
    for (const li of ui.pageList.children) {
      const page = state.pages.find((p) => String(p.number) === li.dataset.page);
      if (page) fillCaption(li, page);
    }
    // The plain text's page markers, and the preview's page rules, are words in the page's language.
    if (ui.pageMarkers.checked && ui.format.value === 'txt') rerender();
    for (const rule of ui.rendered.querySelectorAll('.md-page-marker[data-page]')) {
      rule.textContent = pageLabel(rule.dataset.page);
    }
  });
  // The chooser opens on Enter as on Space (Chromium's file input opens on Space only).
  ui.fileInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      ui.fileInput.click();
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
    const files = event.dataTransfer?.files ?? [];
    if (!files.length && event.dataTransfer?.types?.length) {
      // Text or a link (from another tab, or the page's own text) dropped: nothing is fetched.
      forgetLastDrop();
      say(ui.noticeDrop, 'notice_not_a_file');
      return;
    }
    // Of several files the first PDF is taken (a drop of notes and a paper converted the notes
    // and said "not a PDF"); with none that looks like one, the first, which says why not.
    const chosen = [...files].find(looksLikePdf) ?? files[0];
    takeFile(chosen, '', files.length > 1 ? ['notice_one_file', { count: files.length, name: chosen.name }] : null);
  });
  ui.cancel.addEventListener('click', () => cancel(true));
  for (const control of [ui.format, ui.joinLines, ui.removeHeaders, ui.pageMarkers]) {
    control.addEventListener('change', rerender);
  }
  ui.viewSwitch.addEventListener('change', () => {
    const view = applyView();
    if (view !== 'source' && state.text) markdownView.show(state.text);
  });
  ui.copy.addEventListener('click', copyOutput);
  ui.pageList.addEventListener('click', (event) => {
    const button = event.target.closest('button.page-card');
    if (button) onPageClick(Number(button.dataset.page));
  });
  ui.pageList.addEventListener('keydown', onPageListKey);
  ui.pageList.addEventListener('focusin', (event) => {
    const button = event.target.closest?.('button.page-card');
    if (button) setRover(Number(button.dataset.page));
  });
  ui.passwordForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!state.file) return;
    const password = ui.password.value;
    // A file that opens with the empty password never asks for one: an empty answer cannot
    // open it, so say what is missing rather than asking the same question again.
    if (password === '') {
      showPassword('password_empty');
      return;
    }
    takeFile(state.file, password);
  });
  // Select all in the text (or its rendered preview) selects that text, not the whole page's
  // interface around it (a fresh-clone tester's Ctrl+A, Ctrl+C copied the buttons too).
  for (const region of [ui.output, ui.rendered]) {
    region.addEventListener('keydown', (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'a') return;
      event.preventDefault();
      const range = document.createRange();
      range.selectNodeContents(region);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
    });
  }
  // Without the password there is nothing to read: the file is let go (Cancel, or Escape in the
  // prompt), and the page is ready for another, as after a cancelled conversion.
  const givePasswordUp = () => {
    hidePassword();
    ui.password.value = ''; // what was typed is not kept
    state.file = null;
    state.password = '';
    setStatus('ready', 'status_cancelled');
  };
  ui.passwordCancel.addEventListener('click', givePasswordUp);
  ui.passwordForm.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    givePasswordUp();
  });
  // For the end-to-end tests: make the engine fail the way a crash or a lack of memory does.
  window.addEventListener('pdfprose:test-crash', (event) => state.bridge.crashForTest(event.detail));
}

// On a phone the preview sits below the source; on a wide screen they stand side by side.
if (!window.matchMedia('(min-width: 70rem)').matches) {
  ui.viewSwitch.querySelector('input[value="source"]').checked = true;
}
translateStatic();
wireControls();
applyView();
setDownload(null);
setStatus('loading', 'status_loading');
state.bridge = new EngineBridge(onEngineMessage);
