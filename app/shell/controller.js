// The conversion of the file the reader brought, from the pick to its outcome: the engine's
// start (a file brought while it boots waits for it), the file checked against the limits, read
// and handed to the engine, cancel, the password prompt, and whatever the engine says about it
// (ENGINE_EVENTS, app/engine/bridge.js), the document's own progress passed to the shown
// document (document.js).
//
// One file at a time: a new one cancels the one being read. A file comes as a request,
// {file, password, dropNotice}, through take(); the queue (queue.js) hands them here one by one
// and hears what became of each through `settled` ({state: 'progress'|'password'|'done'|'failed'|
// 'skipped'|'cancelled', ...}).

import { ENGINE_EVENTS } from '../engine/bridge.js';
import { dispatch } from '../engine/protocol.js';
import { MAX_FILE_BYTES, MAX_PAGES } from '../../static/vendor/limits.mjs';
import { outputOptions } from './document.js';
import { registerServiceWorker } from './offline.js';

const MEMORY_FAILURE = /MemoryError|out of memory|Aborted\(|fatal error|allocation failed/i;
const BAD_FILE_CODES = ['empty_file', 'not_pdf', 'unreadable', 'no_pages', 'truncated', 'unsupported_encryption'];

/** The size in MB as the limit notices state it: rounded up, so a file just over the limit never
 * reads as "25.0 MB; the limit is 25 MB". */
const megabytes = (bytes) => Math.ceil(bytes / 1e5) / 10;

export class Controller {
  /** @param parts {ui, messages, status, engine, shown (ShownDocument), password (PasswordPrompt),
   *  settled (outcome => void), rest (() => number)} */
  constructor(parts) {
    this.settled = () => {};
    this.rest = () => 0; // files of the list left to convert (Queue.rest)
    Object.assign(this, parts);
    this.booted = false; // the first engine was up (the service worker is registered then)
    this.engineReady = false;
    this.bootFailed = false; // the engine's last start failed: a file brought now starts it again
    this.job = 0; // bumped per conversion, so late messages of an older one are ignored
    this.file = null; // the File shown (or asked a password for), kept to try again with a password
    this.filePassword = '';
    this.pending = null; // a request that came while the engine was booting or cancelling
    this.cancelling = 0; // the job being cancelled
    this.announceCancel = false;
    this.handlers = this.engineHandlers();
  }

  /** Everything about the last file goes: its result, and what was said about it. */
  resetResult(fileName) {
    const { ui, messages } = this;
    for (const el of [ui.noticeDrop, ui.noticeLimit, ui.error, ui.noticeSlow]) messages.say(el, null);
    this.password.hide();
    this.shown.reset(this.job, fileName);
  }

  /** Take `request` ({file, password, dropNotice}): `dropNotice` is [key, params] of what the drop
   * that brought the file has to say (more files than one), shown with this file's outcome. */
  async take({ file, password = '', dropNotice = null }) {
    const { ui, messages, status } = this;
    if (!file) return;
    // What was typed for one file is never offered to the next (a tester's half-typed password
    // for one PDF stood in the prompt of the next, selected, one Enter from being sent).
    if (file !== this.file) this.password.clear();
    if (status.state === 'working') this.cancel(false);
    if (this.cancelling) {
      // The engine is finishing its current page; this file starts as soon as it is free.
      this.pending = { file, password, dropNotice };
      return;
    }
    this.resetResult(file.name);
    if (dropNotice) messages.say(ui.noticeDrop, ...dropNotice);
    for (const name of ['workers', 'helperPages', 'reanalysed', 'helperFailed', 'heapMb', 'spareClaimedAt', 'adoptError']) {
      status.mark(name, null);
    }
    this.file = file;
    this.filePassword = password;
    // 'working' at once, before any await: nothing may still read 'done' from the last file.
    ui.progress.removeAttribute('value'); // indeterminate until the page count is known
    status.set('working', 'status_opening', { name: file.name });
    const refusal = file.size === 0 ? ['error', 'error_empty_file', {}]
      : file.size > MAX_FILE_BYTES ? ['noticeLimit', 'limit_size', { mb: megabytes(file.size), limit: MAX_FILE_BYTES / 1e6 }]
        : null;
    if (refusal) {
      // Said here, without waiting for the engine, which gives the same code (empty_file).
      const [where, key, params] = refusal;
      messages.say(ui[where], key, params);
      this.fail();
      return;
    }
    if (!this.engineReady) {
      this.pending = { file, password, dropNotice };
      status.set('loading', 'status_loading_queued', { name: file.name });
      if (this.bootFailed) {
        // No start is under way to wait for (the file would wait for ever): try again for it.
        this.bootFailed = false;
        this.engine.restart();
      }
      return;
    }
    const job = ++this.job;
    this.shown.job = job;
    let bytes = null;
    try {
      bytes = await file.arrayBuffer();
    } catch {
      // said below
    }
    if (job !== this.job) return; // another file or a cancel came in while reading this one
    if (bytes === null) {
      messages.say(ui.error, 'error_read_failed');
      this.fail();
      return;
    }
    this.announceCancel = false;
    this.engine.convert(job, bytes, password, outputOptions(ui));
  }

  /** The file is not converted; the page is ready for another. */
  fail() {
    this.ui.progress.value = 0;
    this.status.set('error', 'status_error', { name: this.shown.fileName });
    this.settled({ state: 'failed' });
  }

  /** A drop that brought no file still replaces what the last drop left, as a file does (a
   * tester saw "not a PDF" stay beside "that was text"): a refused or failed file goes whole,
   * status and all. A document shown stays, only the notices about how it came go: the text
   * dropped may be a selection of it, dragged by mistake. A converter that could not start is no
   * drop's doing, and its message stays. */
  forgetLastDrop() {
    const { ui, messages, status } = this;
    messages.say(ui.noticeDrop, null);
    messages.say(ui.noticeLimit, null);
    if (status.key === 'status_boot_error') return;
    if (status.key === 'status_error') {
      this.resetResult();
      // A file refused while the engine was still booting (empty, too large) leaves it loading.
      if (this.engineReady) status.set('ready', 'status_ready');
      else status.set('loading', 'status_loading');
      return;
    }
    messages.say(ui.error, null);
  }

  cancel(announce = true) {
    if (this.status.state !== 'working') return;
    this.resetResult(); // a half-read document is not a result
    const job = this.job;
    this.job += 1; // whatever the old job still says is ignored
    this.pending = null;
    this.announceCancel = announce;
    if (!this.engineReady) {
      this.status.set('loading', 'status_loading');
      this.settled({ state: 'cancelled' });
      return;
    }
    this.cancelling = job;
    this.status.set('cancelling', 'status_cancelling');
    this.engine.cancel(job);
    this.settled({ state: 'cancelled' });
  }

  /** What a Cancel says: with files of a list left to convert, the way to take them up again
   * ("Convert the rest"), not "ready for another PDF" (a new user's list of three read as done). */
  cancelledStatus() {
    return this.rest() ? ['status_cancelled_rest'] : ['status_cancelled'];
  }

  /** Stop the current file whatever it is at: converting, waiting for the engine, or waiting
   * for its password (a file taken out of the queue, or the queue cleared). */
  stop(announce) {
    const { status } = this;
    if (status.state === 'password') {
      this.password.hide();
      this.file = null;
      if (announce) status.set('ready', ...this.cancelledStatus());
      else status.set('ready', 'status_ready');
      this.settled({ state: 'cancelled' });
    } else if (status.state === 'loading' && this.pending) {
      this.pending = null;
      this.settled({ state: 'cancelled' });
    } else {
      this.cancel(announce);
    }
  }

  startPending() {
    const pending = this.pending;
    this.pending = null;
    if (pending) this.take(pending);
  }

  /** The password prompt was answered. */
  submitPassword(password) {
    if (!this.file) return;
    // A file that opens with the empty password never asks for one: an empty answer cannot open
    // it, so say what is missing rather than asking the same question again.
    if (password === '') this.password.show('password_empty', this.shown.fileName);
    else this.take({ file: this.file, password });
  }

  /** Without the password there is nothing to read: the file is let go, and the page is ready
   * for another, as after a cancelled conversion. */
  givePasswordUp() {
    this.file = null;
    this.filePassword = '';
    this.status.set('ready', 'status_cancelled');
    this.settled({ state: 'skipped' });
  }

  /** The same file again (the analysis went with a crashed worker). */
  readAgain() {
    if (this.file) this.take({ file: this.file, password: this.filePassword });
  }

  /** A message of the engine (ENGINE_EVENTS). */
  receive(message) {
    const always = ['cancelled', 'crashed'];
    if (!always.includes(message.type) && 'job' in message && message.job !== this.job) return;
    dispatch(ENGINE_EVENTS, this.handlers, message);
  }

  engineHandlers() {
    const { ui, messages, status, shown } = this;
    return {
      ready: (m) => this.onReady(m),
      'snapshot-stored': (m) => status.mark('snapshotStored', m.stored),
      // The second worker booted ahead for long documents (app/engine/split.js).
      spare: (m) => {
        status.mark('spare', m.state === 'claimed' ? 'none' : m.state);
        if (m.state === 'claimed') status.mark('spareClaimedAt', m.at);
      },
      'boot-error': (m) => {
        this.engineReady = false;
        this.bootFailed = true;
        const waited = this.pending;
        this.pending = null; // said failed with the engine; a file brought again tries again
        ui.progress.value = 0;
        messages.say(ui.error, 'error_boot', { message: m.message });
        status.set('error', 'status_boot_error');
        if (waited) this.settled({ state: 'failed', message: ['error_boot', { message: m.message }] });
      },
      opened: (m) => {
        messages.say(ui.noticeSlow, null); // it moves again
        shown.opened(m);
        this.settled({ state: 'progress', done: 0, total: m.pageCount });
      },
      page: (m) => {
        messages.say(ui.noticeSlow, null);
        shown.page(m);
        this.settled({ state: 'progress', done: shown.pages.pages.length, total: ui.progress.max });
      },
      'helper-failed': (m) => {
        // The second worker of a long document failed: the first one finishes it alone.
        console.warn(`pdfprose: the second worker stopped (${m.message}); going on with one`);
        status.mark('helperFailed', true);
      },
      'preview-text': (m) => shown.preview(m),
      done: (m) => {
        this.password.clear();
        messages.say(ui.noticeSlow, null);
        shown.done(m);
        this.settled({
          state: 'done',
          text: m.result.text,
          format: m.result.options?.format ?? ui.format.value,
          pages: shown.pages.pages.length,
          seconds: m.parseMs / 1000,
          report: m.report,
          // What the page says of the file, as it says it (in the page's language).
          notices: [...ui.result.querySelectorAll('.notice:not([hidden])')]
            .flatMap((el) => (el.tagName === 'UL' ? [...el.children] : [el]))
            .map((el) => el.textContent.trim())
            .filter(Boolean),
        });
      },
      rendered: (m) => shown.rendered(m),
      ahead: (m) => shown.ahead(m),
      located: (m) => shown.located(m),
      failed: (m) => {
        if (!shown.renderFailed(m)) this.onFailed(m.error);
      },
      cancelled: (m) => this.onCancelled(m),
      crashed: (m) => this.onCrashed(m),
      // A file that makes no progress: said, with Cancel beside it (the status is 'working').
      stalled: () => {
        if (status.state === 'working') messages.say(ui.noticeSlow, 'notice_slow');
      },
      'gave-up': (m) => this.onGaveUp(m),
    };
  }

  onReady(m) {
    const { status } = this;
    const first = !this.booted;
    this.booted = true;
    this.engineReady = true;
    this.bootFailed = false;
    console.info(`pdfprose: engine booted in ${m.bootMs} ms`, m.phases ?? {});
    status.mark('bootMs', m.bootMs);
    // When the worker began to boot, on the page's clock (ms after navigation started).
    if (m.startedAt) status.mark('bootStartMs', Math.round(m.startedAt - performance.timeOrigin));
    // How it started: 'restored' from this browser's start-up snapshot (app/engine/snapshot.js),
    // 'none' (a normal boot; the snapshot for next time is stored after it) or 'rejected' (the
    // stored one did not fit or restore, so a normal boot).
    status.mark('bootSnapshot', m.snapshot ?? 'none');
    status.mark('boots', Number(status.marks.boots ?? 0) + 1);
    if (!status.busy) status.set('ready', ...(this.announceCancel ? this.cancelledStatus() : ['status_ready']));
    if (first) registerServiceWorker(this.ui);
    this.startPending();
  }

  onCancelled({ job, restarted }) {
    if (job !== this.cancelling) return;
    this.cancelling = 0;
    if (restarted) {
      this.engineReady = false;
      this.status.set('loading', 'status_restarting');
      return; // 'ready' follows, then the pending file, if any
    }
    this.status.set('ready', ...(this.announceCancel ? this.cancelledStatus() : ['status_ready']));
    this.startPending();
  }

  /** The engine is being replaced (it crashed, ran out of memory or was given up): a file being
   * read goes whole (it can be tried again: it is kept), the reason is said. */
  lostEngine(key, params) {
    const wasWorking = this.status.busy;
    this.engineReady = false;
    this.cancelling = 0;
    this.job += 1;
    this.shown.analysisKept = false; // the analysis died with the worker: an option change parses again
    if (wasWorking) this.resetResult();
    this.ui.progress.value = 0;
    this.messages.say(this.ui.error, key, params);
  }

  onCrashed({ message }) {
    // The bridge has already started a fresh worker: the page stays usable.
    const wasWorking = this.status.busy;
    const key = MEMORY_FAILURE.test(message) ? 'error_memory' : 'error_crashed';
    this.lostEngine(key, { message });
    this.status.set('loading', 'status_restarting');
    if (wasWorking) this.settled({ state: 'failed', message: [key, { message }] });
  }

  /** The engine made no progress on the file past the hard limit: its worker was replaced, and
   * the file is reported as failed. */
  onGaveUp({ seconds }) {
    this.lostEngine('error_gave_up', { seconds });
    this.status.set('error', 'status_error', { name: this.shown.fileName });
    this.settled({ state: 'failed', message: ['error_gave_up', { seconds }] });
  }

  onFailed(error) {
    const { ui, messages, status, shown } = this;
    ui.progress.value = 0;
    messages.say(ui.noticeSlow, null);
    ui.result.hidden = shown.pages.pages.length === 0;
    if (error.code === 'password_required' || error.code === 'wrong_password') {
      this.password.show(error.code === 'password_required' ? 'password_required' : 'password_wrong', shown.fileName);
      status.set('password', 'status_password', { name: shown.fileName });
      this.settled({ state: 'password' });
      return;
    }
    if (error.code === 'too_many_pages') {
      messages.say(ui.noticeLimit, 'limit_pages', { pages: error.params.pages, limit: error.params.limit ?? MAX_PAGES });
    } else if (error.code === 'too_large') {
      messages.say(ui.noticeLimit, 'limit_size', { mb: megabytes(error.params.bytes ?? 0), limit: MAX_FILE_BYTES / 1e6 });
    } else if (BAD_FILE_CODES.includes(error.code)) {
      messages.say(ui.error, `error_${error.code}`, error.params ?? {});
    } else if (MEMORY_FAILURE.test(error.message || '')) {
      // The interpreter may be left broken: drop the partial result, start a fresh one.
      this.lostEngine('error_memory', {});
      this.engine.restart();
      status.set('loading', 'status_restarting');
      this.settled({ state: 'failed', message: ['error_memory', {}] });
      return;
    } else {
      messages.say(ui.error, 'error_internal', { message: error.message || error.code });
    }
    status.set('error', 'status_error', { name: shown.fileName });
    this.settled({ state: 'failed' });
  }
}
