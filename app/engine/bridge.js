// The page's handle on the engine: starts the engine worker (worker.js), sends it documents and
// option changes (protocol.js), and tells the page what happens (ENGINE_EVENTS). A long document
// is shared with a second worker (split.js).
//
// Cancel is cooperative first: the worker looks for a cancel between pages and answers
// 'cancelled' within a page's time, staying booted. Python cannot be interrupted from outside, so
// a worker that does not answer within CANCEL_GRACE_MS (one huge page) is terminated and a fresh
// one boots (as Squoosh's worker bridge does), which takes a second or so and ends in 'ready'.
// A worker that dies (an uncaught error, a broken interpreter) is replaced the same way, and the
// page is told ('crashed'), so the next file works. A document that makes no progress is watched
// (watchdog.js): the page is told it is taking unusually long ('stalled'), and past the hard
// limit its worker is replaced and the file given up ('gave-up'). A worker whose memory grew far
// past what documents need is replaced before the next document (RECYCLE_HEAP_BYTES).

import { FROM_WORKER, TO_WORKER, message } from './protocol.js';
import { Spare, Split, maxWorkers, roomForSpare } from './split.js';
import { FINISH_MS_PER_PAGE, Watchdog } from './watchdog.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);
// A boot that neither succeeds nor fails (a blocked WebAssembly compile can hang Pyodide) must
// still end in a message the user can act on.
const BOOT_TIMEOUT_MS = 120_000;
const CANCEL_GRACE_MS = 1_500;
// The spare is booted this long after a document is done (or the first worker ready), so that
// its boot does not take the core the page's own rendering of the result wants at that moment.
const SPARE_DELAY_MS = 1_500;
// A worker whose WebAssembly memory (which never shrinks) ended a document above this is
// replaced before the next one, which gives the memory back: documents leave it at 30-62 MB
// (benchmarks/README.md, "memory"), so this is four times the most a real one needed.
const RECYCLE_HEAP_BYTES = 256 * 2 ** 20;

/** What the page hears: the first worker's messages about its documents, and the bridge's own. */
export const ENGINE_EVENTS = Object.freeze({
  ready: FROM_WORKER.ready,
  'boot-error': FROM_WORKER['boot-error'],
  'snapshot-stored': FROM_WORKER['snapshot-stored'],
  opened: FROM_WORKER.opened,
  page: FROM_WORKER.page,
  'preview-text': FROM_WORKER['preview-text'],
  done: FROM_WORKER.done,
  rendered: FROM_WORKER.rendered,
  located: FROM_WORKER.located,
  ahead: FROM_WORKER.ahead,
  failed: FROM_WORKER.failed,
  // The job is stopped; `restarted`: its worker had to be replaced ('ready' follows).
  cancelled: ['job', 'restarted?'],
  // The worker died and a fresh one is booting ('ready' follows).
  crashed: ['message'],
  // The second worker booted ahead: 'booting', 'ready', 'none', or 'claimed' by a document
  // `at` that many pages read.
  spare: ['state', 'at?'],
  // The second worker of `job` failed: the first one finishes the document alone.
  'helper-failed': ['job', 'message'],
  // `job` made no progress for `seconds`: it may be damaged or built to stall readers.
  stalled: ['job', 'seconds'],
  // `job` made no progress for `seconds`, past the hard limit: its worker was replaced.
  'gave-up': ['job', 'seconds'],
});
// The first worker's messages that only the split needs.
const SPLIT_ONLY = new Set(['limited', 'handover']);

export class EngineBridge {
  /** @param workerUrl the engine worker's script (the browser tests give one with test hooks) */
  constructor({ workerUrl = WORKER_URL } = {}) {
    this.workerUrl = workerUrl;
    this.listener = () => {};
    this.worker = null;
    this.ready = false;
    this.bootTimer = 0;
    this.cancelling = 0; // the job being cancelled, until the worker confirms
    this.cancelTimer = 0;
    this.snapshotPending = false; // the first worker is storing the snapshot a second one boots from
    this.split = null; // the current job's Split
    this.spare = new Spare(this);
    this.job = 0; // the last job given to the first worker
    this.firstPending = false; // that job's first page is not shown yet (no boot may start then)
    this.pages = new Set(); // the pages of that job read so far, by either worker
    this.pageCount = 0;
    this.heapBytes = 0; // the first worker's memory after its last document
    this.watchOnReady = 0; // a job given to a worker still booting: watched once it is up
    this.watchdog = new Watchdog({
      onStall: (job, seconds) => this.emit('stalled', { job, seconds }),
      onLimit: (job, seconds) => this.giveUp(job, seconds),
    });
  }

  /** Boot the engine; `listener` hears every ENGINE_EVENTS message from now on. */
  start(listener) {
    this.listener = listener;
    this.boot();
  }

  emit(type, fields) {
    this.listener(message(ENGINE_EVENTS, type, fields));
  }

  /** A worker's message for the page (checked by the worker's own end of the protocol). */
  forward(data) {
    if (data.job === this.job && this.watchdog.job === data.job) {
      if (data.type === 'opened') this.pageCount = data.pageCount;
      if (data.type === 'page') this.pages.add(data.page.number);
      if (['opened', 'page', 'preview-text'].includes(data.type)) {
        // All pages in: the document passes come next, with nothing to show for a while.
        const finishing = this.pageCount > 0 && this.pages.size >= this.pageCount;
        this.watchdog.progress(finishing ? this.pageCount * FINISH_MS_PER_PAGE : 0);
      } else if (['done', 'failed', 'cancelled'].includes(data.type)) {
        this.watchdog.stop();
      }
    }
    this.listener(data);
  }

  spawn(name) {
    return new Worker(this.workerUrl, { type: 'module', ...(name ? { name } : {}) });
  }

  toFirst(type, fields, transfer = []) {
    this.worker.postMessage(message(TO_WORKER, type, fields), transfer);
  }

  workerMessage(type, fields) {
    return message(TO_WORKER, type, fields);
  }

  // ---- the first worker ------------------------------------------------------------------------

  boot() {
    const worker = this.spawn();
    this.ready = false;
    // Messages from a worker that was replaced meanwhile are dropped.
    worker.onmessage = ({ data }) => {
      if (worker === this.worker) this.fromFirst(data);
    };
    const died = (event, what) => {
      if (worker !== this.worker) return;
      event.preventDefault?.();
      clearTimeout(this.bootTimer);
      const text = event.message || what;
      if (!this.ready) {
        this.emit('boot-error', { message: text });
        return;
      }
      this.restart();
      this.emit('crashed', { message: text });
    };
    worker.onerror = (event) => died(event, 'the worker script failed to load');
    worker.onmessageerror = (event) => died(event, 'a message from the worker could not be read');
    this.worker = worker;
    clearTimeout(this.bootTimer);
    this.bootTimer = setTimeout(() => {
      if (worker === this.worker && !this.ready) this.emit('boot-error', { message: 'no answer from the engine' });
    }, BOOT_TIMEOUT_MS);
  }

  fromFirst(data) {
    if (data.type === 'ready') {
      clearTimeout(this.bootTimer);
      this.ready = true;
      // A second worker started before the snapshot is stored would boot the slow way.
      this.snapshotPending = Boolean(data.storing);
      this.spare.soon(SPARE_DELAY_MS);
      if (this.watchOnReady) this.watchdog.start(this.watchOnReady);
      this.watchOnReady = 0;
    } else if (data.type === 'snapshot-stored') {
      this.snapshotPending = false;
      this.split?.bootWhenWanted();
      this.spare.soon(SPARE_DELAY_MS);
    } else if (data.type === 'boot-error') {
      clearTimeout(this.bootTimer);
    }
    if (this.cancelling && data.job === this.cancelling && ['cancelled', 'done', 'failed'].includes(data.type)) {
      this.finishCancel(); // the worker stopped (or had just finished): either way the job is over
      return;
    }
    if (data.job === this.job && ['done', 'failed'].includes(data.type) && data.heapBytes) this.heapBytes = data.heapBytes;
    if (this.split && data.job === this.split.job) this.split.fromFirst(data);
    this.firstShown(data);
    if (!SPLIT_ONLY.has(data.type)) this.forward(data);
  }

  /** Boots wait while a document's first page is not shown; after it, and a little after the
   * document is over, a spare may boot. */
  firstShown(data) {
    if (data.job !== this.job) return;
    if (data.type === 'preview-text') {
      this.firstPending = false;
      this.spare.soon(0);
    } else if (['done', 'failed', 'cancelled'].includes(data.type)) {
      this.firstPending = false;
      this.spare.soon(SPARE_DELAY_MS);
    }
  }

  // ---- the second worker -----------------------------------------------------------------------

  /** Whether a spare may boot now: two cores, memory for it, the first worker ready with the
   * snapshot stored, no first page waiting, no cancel under way and no second worker at work. */
  spareWanted() {
    const splitting = this.split?.active && (this.split.bytes || this.split.helper);
    return this.ready && !this.snapshotPending && !this.firstPending && !this.cancelling
      && maxWorkers() >= 2 && roomForSpare() && !splitting;
  }

  /** A second worker, booting; its messages go to the spare until a document claims it. */
  spawnSecond() {
    const worker = this.spawn('helper');
    const helper = { worker, state: 'booting', bootTimer: 0 };
    worker.onmessage = ({ data }) => {
      if (this.spare.helper === helper) this.spare.fromWorker(data);
      else if (this.split?.helper === helper) this.split.fromHelper(data);
    };
    const died = (event, what) => {
      event.preventDefault?.();
      if (this.spare.helper === helper) this.spare.drop();
      else if (this.split?.helper === helper) this.split.helperFailed(event.message || what);
    };
    worker.onerror = (event) => died(event, 'the second worker failed');
    worker.onmessageerror = (event) => died(event, 'a message from the second worker could not be read');
    helper.bootTimer = setTimeout(() => {
      if (helper.state !== 'booting') return;
      if (this.spare.helper === helper) this.spare.drop();
      else if (this.split?.helper === helper) this.split.helperFailed('no answer from the second worker');
    }, BOOT_TIMEOUT_MS);
    return helper;
  }

  // ---- what the page asks ----------------------------------------------------------------------

  /** Convert a PDF; `bytes` (an ArrayBuffer) is transferred, not copied. `last`: the first
   * worker stops after that page until a second worker takes the rest (or none does). */
  convert(job, bytes, password, options, { last = null } = {}) {
    this.split?.end();
    this.split = null;
    if (this.heapBytes > RECYCLE_HEAP_BYTES) this.restart(); // its memory back first
    this.heapBytes = 0;
    this.job = job;
    this.firstPending = true;
    this.pages = new Set();
    this.pageCount = 0;
    const canSplit = maxWorkers() >= 2;
    // A copy for the second worker, kept until the page count says whether one is needed.
    if (canSplit) this.split = new Split(this, { job, bytes: bytes.slice(0), password, firstLast: last });
    const fields = { job, bytes, password, options, ...(canSplit && last !== null ? { last } : {}) };
    this.toFirst('convert', fields, [bytes]);
    if (this.ready) this.watchdog.start(job);
    else this.watchOnReady = job;
  }

  /** Render the last converted document again with other options (no new parse). */
  render(job, seq, options) {
    this.toFirst('render', { job, seq, options });
  }

  /** Tell the worker which options are shown now (it renders ahead what is one switch away). */
  plan(job, options) {
    this.toFirst('plan', { job, options });
  }

  /** Ask where each page's text starts in the output for `options`. */
  locate(job, options) {
    this.toFirst('locate', { job, options });
  }

  /** Stop `job`; the page hears 'cancelled' once the engine is free again. */
  cancel(job) {
    if (this.split?.job === job) {
      this.split.end(); // the second worker holds nothing worth keeping
      this.split = null;
    }
    this.watchdog.stop();
    this.watchOnReady = 0;
    if (this.cancelling) this.finishCancel(); // one cancel at a time: the older one is over
    this.cancelling = job;
    this.toFirst('cancel', { job });
    this.cancelTimer = setTimeout(() => {
      if (this.cancelling !== job) return;
      this.restart(); // the worker is stuck in one long page: replace it
      this.finishCancel();
    }, CANCEL_GRACE_MS);
  }

  finishCancel() {
    const job = this.cancelling;
    clearTimeout(this.cancelTimer);
    this.cancelling = 0;
    this.firstPending = false;
    this.emit('cancelled', { job, restarted: !this.ready });
    this.spare.soon(SPARE_DELAY_MS);
  }

  /** The hard limit: `job` made no progress for too long; its worker is replaced. */
  giveUp(job, seconds) {
    if (job !== this.job) return;
    this.restart();
    this.emit('gave-up', { job, seconds });
  }

  /** Stop whatever the worker is doing and boot a new one. */
  restart() {
    this.split?.end();
    this.split = null;
    this.firstPending = false;
    this.watchdog.stop();
    this.watchOnReady = 0;
    this.heapBytes = 0;
    this.worker.terminate();
    this.boot();
  }
}
