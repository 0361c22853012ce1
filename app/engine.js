// The page's handle on the engine worker (app/worker.js).
//
// Cancel is cooperative first: the worker looks for a cancel between pages and answers
// 'cancelled' within a page's time, staying booted. Python cannot be interrupted from outside, so
// a worker that does not answer within CANCEL_GRACE_MS (one huge page) is terminated and a fresh
// one boots (as Squoosh does), which takes a few seconds and ends in 'ready'.
// A worker that dies (an uncaught error, a broken interpreter) is replaced the same way, and the
// page is told with a 'crashed' message, so the next file works.

//
// A long document is converted by two workers where the machine has two cores or more: when the
// first worker says the document has SPLIT_MIN_PAGES pages or more, a second one takes the pages
// from the last backwards while the first goes on from page 1. The second is booted ahead, on
// standby ('spare'): once the first is ready and has stored the start-up snapshot the second
// boots from (app/snapshot.js; half a second of its thread, about a second by the clock), and
// again a little after each document, so that a long document is shared from its page count on
// rather than a boot later (benchmarks/README.md "Two workers"). Without a spare (it failed, or
// the document came too soon after the page loaded), one boots once the first page is shown, so
// that its boot never delays the first page. The two work towards each other: the first
// forwards, given a few pages more at a time ('limit'), the second from the last page backwards
// ('floor'), so that they meet wherever their speeds (the pages' weight, the machine's other
// load) take them; the second hands its analysis over ('handover') and is terminated at once,
// which returns its memory; the first takes the pages in ('adopt') and runs the document passes
// once, so the output is the same as one worker's (pdfprose.Converter.adopt). Cancel terminates
// the second worker; if it fails, the first is sent on to the last page ('unlimit') and finishes
// the document alone.

// A boot that neither succeeds nor fails (a blocked WebAssembly compile can hang Pyodide) must
// still end in a message the user can act on.
const BOOT_TIMEOUT_MS = 120_000;
const CANCEL_GRACE_MS = 1_500;
const SPLIT_MIN_PAGES = 100;
// Fewer pages than this left when the second worker is ready: not worth handing over.
const SPLIT_MIN_REST = 16;
// The two workers meet wherever their speeds take them: each is given pages a few at a time
// (SPLIT_STEP), the next ones as soon as it has fewer than SPLIT_AHEAD left to do, so that it
// never waits for the page's answer; the pages in between are nobody's yet.
const SPLIT_STEP = 2;
const SPLIT_AHEAD = 2;
// The spare is booted this long after a document is done (or the first worker ready), so that
// its boot does not take the core the page's own rendering of the result wants at that moment.
const SPARE_DELAY_MS = 1_500;
// A booted worker on standby adds 100-150 MB to the page's memory (benchmarks/README.md, "A
// spare second worker"): only where the device has this much memory or more
// (navigator.deviceMemory, in GB; Chromium's, rounded down and capped at 8; where it is unknown,
// the spare is kept).
const SPARE_MIN_DEVICE_GB = 4;
// A spare whose boot failed this many times is not tried again (each document would retry it).
const SPARE_MAX_FAILURES = 2;

// ?workers=1 on the page's address keeps every document in one worker (for measurements).
function maxWorkers() {
  const asked = Number(new URLSearchParams(globalThis.location?.search ?? '').get('workers'));
  const cores = navigator.hardwareConcurrency || 1;
  return Math.max(1, Math.min(2, cores, asked >= 1 ? asked : 2));
}

function roomForSpare() {
  const gb = navigator.deviceMemory;
  return !(gb > 0 && gb < SPARE_MIN_DEVICE_GB);
}

export class EngineBridge {
  /** @param {(message: object) => void} onMessage receives every message of the current worker */
  constructor(onMessage) {
    this.onMessage = onMessage;
    this.worker = null;
    this.ready = false;
    this.cancelling = 0; // the job being cancelled, until the worker confirms
    this.split = null; // the current job's split: {job, bytes, password, pageCount, done, helper, ...}
    this.snapshotPending = false; // the first worker is storing the start-up snapshot the second boots from
    this.spare = null; // a second worker booted ahead for the next long document: {worker, state}
    this.spareTimer = 0;
    this.spareFailures = 0;
    this.job = 0; // the last job given to the first worker
    this.firstPending = false; // that job's first page is not shown yet (no boot may start then)
    this.test = {}; // failures the end-to-end tests asked for: {hold, helperCrash}
    this.start();
  }

  start() {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.ready = false;
    // Messages from a worker that was replaced meanwhile are dropped.
    worker.onmessage = ({ data }) => {
      if (worker !== this.worker) return;
      if (data.type === 'ready') {
        clearTimeout(this.bootTimer);
        this.ready = true;
        // A second worker started before the snapshot is stored would boot the slow way.
        this.snapshotPending = Boolean(data.storing);
        this.spareSoon();
      } else if (data.type === 'snapshot-stored') {
        this.snapshotPending = false;
        const split = this.split;
        if (split?.wanted && split.bytes && !split.helper) this.startHelper();
        this.spareSoon();
      } else if (data.type === 'boot-error') {
        clearTimeout(this.bootTimer);
      }
      if (this.cancelling && data.job === this.cancelling && ['cancelled', 'done', 'failed'].includes(data.type)) {
        // The worker stopped (or had just finished): either way the job is over.
        this.finishCancel();
        return;
      }
      if (this.split && data.job === this.split.job) this.fromFirst(data);
      this.firstShown(data);
      this.onMessage(data);
    };
    const died = (event, what) => {
      if (worker !== this.worker) return;
      event.preventDefault?.();
      clearTimeout(this.bootTimer);
      const message = event.message || what;
      if (!this.ready) {
        this.onMessage({ type: 'boot-error', message });
        return;
      }
      this.restart();
      this.onMessage({ type: 'crashed', message });
    };
    worker.onerror = (event) => died(event, 'the worker script failed to load');
    worker.onmessageerror = (event) => died(event, 'a message from the worker could not be read');
    this.worker = worker;
    clearTimeout(this.bootTimer);
    this.bootTimer = setTimeout(() => {
      if (worker === this.worker) this.onMessage({ type: 'boot-error', message: 'no answer from the engine' });
    }, BOOT_TIMEOUT_MS);
  }

  /** Convert a PDF; `bytes` (an ArrayBuffer) is transferred, not copied. */
  convert(job, bytes, password, options) {
    this.stopHelper();
    this.job = job;
    this.firstPending = true;
    const canSplit = maxWorkers() >= 2;
    // A copy for the second worker, kept until the page count says whether one is needed.
    this.split = canSplit ? { job, bytes: bytes.slice(0), password, pageCount: 0, done: 0, helper: null, first: 0 } : null;
    const hold = canSplit && this.test.hold ? this.test.hold : 0;
    this.test.hold = 0;
    if (this.split) this.split.held = hold > 0;
    this.worker.postMessage({ type: 'convert', job, bytes, password, options, hold }, [bytes]);
  }

  // ---- the second worker ----------------------------------------------------------------------

  /** What the first worker says about the job being split. */
  fromFirst(data) {
    const split = this.split;
    if (data.type === 'opened') {
      split.pageCount = data.pageCount;
      if (data.pageCount < SPLIT_MIN_PAGES) this.endSplit();
      // A spare (booted, or booting already) takes its share from the start.
      else if (this.spare && split.bytes && !split.helper) this.startHelper();
    } else if (data.type === 'page') {
      split.done = Math.max(split.done, data.page.number);
      if (split.helper?.state === 'converting' && split.firstMax - split.done < SPLIT_AHEAD) this.share('first');
    } else if (data.type === 'preview-text') {
      // The first page is on screen: only now does the second worker's boot (which takes both
      // cores for a moment) start, so that it never delays the first page (started at the page
      // count instead, it put the first page's text at 1.7-2.3 s on this shared machine,
      // benchmarks/README.md "Two workers"). Started in the next task, once the page has shown
      // it, and only once the start-up snapshot the first worker stores is there (else it would
      // boot the slow way).
      if (split.pageCount >= SPLIT_MIN_PAGES && split.bytes && !split.helper) {
        split.wanted = true;
        setTimeout(() => {
          if (this.split === split && split.bytes && !split.helper && !this.snapshotPending) this.startHelper();
        }, 0);
      }
    } else if (data.type === 'limited') {
      const helper = split.helper;
      if (helper?.state === 'converting') return; // the answer to an extension ('share')
      if (!helper || data.last === null || data.last >= split.pageCount) {
        // No second worker to take the rest (any more): the first goes on alone.
        if (data.last !== null && data.last < split.pageCount) split.held = true;
        this.endSplit();
        return;
      }
      // The first goes on up to data.last; the second starts from the last page down.
      split.firstMax = data.last;
      split.helperMin = Math.max(data.last + 1, split.pageCount - SPLIT_STEP + 1);
      split.helperLow = split.pageCount + 1;
      helper.state = 'converting';
      const bytes = split.bytes;
      split.bytes = null;
      helper.worker.postMessage(
        { type: 'convert', job: split.job, bytes, password: split.password, range: { first: split.helperMin, last: split.pageCount } },
        [bytes],
      );
      this.share('first');
      this.share('helper');
    } else if (['done', 'failed', 'cancelled'].includes(data.type)) {
      this.endSplit();
    }
  }

  /** Boots wait while a document's first page is not shown; after it, and a little after the
   * document is over, a spare may boot. */
  firstShown(data) {
    if (data.job !== this.job) return;
    if (data.type === 'preview-text') {
      this.firstPending = false;
      this.spareSoon(0);
    } else if (['done', 'failed', 'cancelled'].includes(data.type)) {
      this.firstPending = false;
      this.test.noSpare = false;
      this.spareSoon();
    }
  }

  // ---- the spare: a second worker booted ahead ------------------------------------------------

  /** Boot a spare in `delay` ms if one is wanted then: two cores, memory for it, the first worker
   * ready with the snapshot stored, no first page waiting and no second worker at work. */
  spareSoon(delay = SPARE_DELAY_MS) {
    clearTimeout(this.spareTimer);
    this.spareTimer = setTimeout(() => {
      const split = this.split;
      if (this.spare || !this.ready || this.snapshotPending || this.firstPending || this.cancelling
          || maxWorkers() < 2 || !roomForSpare() || this.spareFailures >= SPARE_MAX_FAILURES
          || this.test.noSpare || split?.bytes || split?.helper) return;
      this.spare = this.bootSecond();
      this.onMessage({ type: 'spare', state: 'booting' });
    }, delay);
  }

  /** A second worker, booting; its messages go to the spare's handling until a job claims it. */
  bootSecond() {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'helper' });
    const helper = { worker, state: 'booting' };
    worker.onmessage = ({ data }) => {
      if (this.spare === helper) this.fromSpare(data);
      else if (this.split?.helper === helper) this.fromHelper(data);
    };
    const died = (event, what) => {
      event.preventDefault?.();
      if (this.spare === helper) this.dropSpare();
      else if (this.split?.helper === helper) this.helperFailed(event.message || what);
    };
    worker.onerror = (event) => died(event, 'the second worker failed');
    worker.onmessageerror = (event) => died(event, 'a message from the second worker could not be read');
    helper.bootTimer = setTimeout(() => {
      if (helper.state !== 'booting') return;
      if (this.spare === helper) this.dropSpare();
      else if (this.split?.helper === helper) this.helperFailed('no answer from the second worker');
    }, BOOT_TIMEOUT_MS);
    return helper;
  }

  fromSpare(data) {
    if (data.type === 'ready') {
      clearTimeout(this.spare.bootTimer);
      this.spare.state = 'ready';
      this.onMessage({ type: 'spare', state: 'ready' });
    } else if (['boot-error', 'failed'].includes(data.type)) {
      this.dropSpare(); // a long document then boots its own second worker, as without a spare
    }
  }

  /** The spare is gone: it failed (its boot, or it died waiting; counted), or a test ended it. */
  dropSpare(failed = true) {
    if (!this.spare) return;
    if (failed) this.spareFailures += 1;
    clearTimeout(this.spare.bootTimer);
    this.spare.worker.terminate();
    this.spare = null;
    this.onMessage({ type: 'spare', state: 'none' });
  }

  /** The current job's second worker: the spare if there is one, else one booting now. */
  startHelper() {
    const split = this.split;
    const helper = this.spare ?? this.bootSecond();
    if (this.spare) {
      this.spare = null;
      // How many pages the first had read when the spare took its share (0: from the start).
      this.onMessage({ type: 'spare', state: 'claimed', at: split.done });
    }
    split.helper = helper;
    if (helper.state === 'ready') this.helperReady();
  }

  fromHelper(data) {
    const split = this.split;
    const helper = split.helper;
    if (data.type === 'ready') this.helperReady();
    else if (data.type === 'page' && data.job === split.job) {
      split.helperLow = Math.min(split.helperLow, data.page.number);
      if (split.helperLow - split.helperMin < SPLIT_AHEAD) this.share('helper');
      if (this.test.helperCrash) {
        this.test.helperCrash = false;
        helper.worker.postMessage({ type: 'test-crash', how: 'throw' });
      }
      this.onMessage(data); // shown at once; the page list keeps page order
    } else if (data.type === 'handover' && data.job === split.job) {
      this.worker.postMessage({ type: 'adopt', job: split.job, batch: data.batch }, [data.batch.buffer]);
      this.stopHelper(); // its analysis is over there now: give its memory back
    } else if (['failed', 'boot-error', 'cancelled'].includes(data.type)) {
      this.helperFailed(data.message || data.error?.message || data.type);
    }
  }

  helperReady() {
    const split = this.split;
    const helper = split.helper;
    clearTimeout(helper.bootTimer);
    helper.state = 'ready';
    const rest = split.pageCount - split.done;
    if (rest < SPLIT_MIN_REST) {
      this.endSplit(); // the first worker is nearly through: not worth it
      return;
    }
    // The first is held a few pages ahead of where it is; it answers with where it really
    // stops ('limited'), and the second starts from the last page, working towards it.
    helper.state = 'limiting';
    this.worker.postMessage({ type: 'limit', job: split.job, last: split.done + SPLIT_AHEAD });
  }

  /** Give `who` ('first' or 'helper') the next pages between the two, if any are left; once
   * none are, the second worker is told its floor is final: it hands over when it is there. */
  share(who) {
    const split = this.split;
    const helper = split?.helper;
    if (!helper || helper.state !== 'converting') return;
    const free = split.helperMin - split.firstMax - 1;
    if (free > 0 && who === 'first') {
      split.firstMax += Math.min(SPLIT_STEP, free);
      this.worker.postMessage({ type: 'limit', job: split.job, last: split.firstMax });
    } else if (free > 0) {
      split.helperMin -= Math.min(SPLIT_STEP, free);
      helper.worker.postMessage({ type: 'floor', job: split.job, first: split.helperMin });
    }
    if (split.helperMin - split.firstMax - 1 <= 0 && !split.final) {
      split.final = true;
      helper.worker.postMessage({ type: 'final', job: split.job });
    }
  }

  helperFailed(message) {
    const split = this.split;
    if (!split?.helper) return;
    const assigned = split.helper.state !== 'booting' && split.helper.state !== 'ready';
    this.stopHelper();
    // Whatever the second worker had: the first goes on to the last page itself.
    if (assigned || split.held) this.worker.postMessage({ type: 'unlimit', job: split.job });
    split.held = false;
    this.onMessage({ type: 'helper-failed', job: split.job, message: String(message) });
  }

  /** No (more) second worker for this job; a first worker held for the tests goes on. */
  endSplit() {
    const split = this.split;
    if (!split) return;
    this.stopHelper();
    split.bytes = null;
    if (split.held) this.worker.postMessage({ type: 'unlimit', job: split.job });
    split.held = false;
  }

  stopHelper() {
    const helper = this.split?.helper;
    if (!helper) return;
    clearTimeout(helper.bootTimer);
    helper.worker.terminate();
    this.split.helper = null;
  }

  /** Render the last converted document again with other options (no new parse). */
  render(job, seq, options) {
    this.worker.postMessage({ type: 'render', job, seq, options });
  }

  /** Tell the worker which options are shown now (it renders ahead what is one switch away). */
  plan(job, options) {
    this.worker.postMessage({ type: 'plan', job, options });
  }

  /** Ask where each page's text starts in the output for `options`. */
  locate(job, options) {
    this.worker.postMessage({ type: 'locate', job, options });
  }

  /** Stop `job`; the page hears {type: 'cancelled', job} once the engine is free again. */
  cancel(job) {
    if (this.split?.job === job) {
      this.stopHelper(); // it holds nothing worth keeping
      this.split = null;
    }
    if (this.cancelling) this.finishCancel(); // one cancel at a time: the older one is over
    this.cancelling = job;
    this.worker.postMessage({ type: 'cancel', job });
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
    this.onMessage({ type: 'cancelled', job, restarted: !this.ready });
    this.spareSoon();
  }

  /** For the end-to-end tests: make the worker fail ('throw' | 'memory' | 'fail-page'), or,
   * for the next document, hold the first worker after two pages until the second is ready
   * ('split-hold'), crash the second once it has sent a page ('helper-throw'), or give it no
   * spare ('no-spare'). */
  crashForTest(how) {
    if (how === 'split-hold') this.test.hold = 2;
    else if (how === 'no-spare') {
      // The next document finds no spare, as one dropped right after the page loaded does.
      this.test.noSpare = true;
      this.dropSpare(false);
    } else if (how === 'helper-throw') this.test.helperCrash = true;
    else this.worker.postMessage({ type: 'test-crash', how });
  }

  /** Stop whatever the worker is doing and boot a new one. */
  restart() {
    this.stopHelper();
    this.split = null;
    this.firstPending = false;
    this.worker.terminate();
    this.start();
  }
}
