// A long document shared between two workers, as an explicit state machine (Split), and the
// second worker booted ahead for it (Spare).
//
// Where the machine has two cores or more, a document of SPLIT_MIN_PAGES pages or more is
// converted by two workers: the first from page 1 forwards, the second from the last page
// backwards. They work towards each other, each given a few pages more at a time, so that they
// meet wherever their speeds (the pages' weight, the machine's other load) take them; the second
// hands its analysis over and is terminated at once, which returns its memory; the first takes
// the pages in and runs the document passes once, so the output is the same as one worker's
// (pdfprose.Converter.adopt). If the second fails, the first finishes the document alone.
//
// The second worker is booted ahead, on standby (the spare): once the first is ready and has
// stored the start-up snapshot the second boots from (snapshot.js: half a second of its thread),
// and again a little after each document, so that a long document is shared from its page count
// on rather than a boot later (benchmarks/README.md "Two workers"). Without a spare (it failed,
// or the document came too soon after the page loaded), one boots once the first page is shown,
// so that its boot never delays the first page.
//
//   undecided --(page count < SPLIT_MIN_PAGES)-----------------------------------> alone
//   undecided --(long, a spare)------------------> limiting (second ready) or booting
//   undecided --(long, no spare)--> waiting --(first page shown, snapshot stored)--> booting
//   booting --(second ready)--> limiting --('limited': the first stops at L)--> sharing
//   sharing --(the floors meet: 'final'; the second's 'handover')--> handed
//   any --(second failed, few pages left, the document over, cancel)--> alone
// In 'alone' the first worker, if it was limited, is sent on to the last page ('unlimit').

export const SPLIT_MIN_PAGES = 100;
// Fewer pages than this left when the second worker is ready: not worth handing over.
const SPLIT_MIN_REST = 16;
// Each worker is given pages a few at a time (SPLIT_STEP), the next ones as soon as it has fewer
// than SPLIT_AHEAD left to do, so that it never waits for the page's answer; the pages in
// between are nobody's yet.
const SPLIT_STEP = 2;
const SPLIT_AHEAD = 2;
// A booted worker on standby adds 100-150 MB to the page's memory (benchmarks/README.md, "A
// spare second worker"): only where the device has this much memory or more
// (navigator.deviceMemory, in GB; Chromium's, rounded down and capped at 8; where it is unknown,
// the spare is kept).
const SPARE_MIN_DEVICE_GB = 4;
// A spare whose boot failed this many times is not tried again (each document would retry it).
const SPARE_MAX_FAILURES = 2;

const NEXT_STATES = {
  undecided: ['alone', 'waiting', 'booting', 'limiting'],
  waiting: ['alone', 'booting', 'limiting'],
  booting: ['alone', 'limiting'],
  limiting: ['alone', 'sharing'],
  sharing: ['alone', 'handed'],
  handed: ['alone'],
  alone: [],
};

/** How many workers a document may use: two on two cores or more; ?workers=1 in the page's
 * address keeps every document in one (for measurements). */
export function maxWorkers() {
  const asked = Number(new URLSearchParams(globalThis.location?.search ?? '').get('workers'));
  const cores = navigator.hardwareConcurrency || 1;
  return Math.max(1, Math.min(2, cores, asked >= 1 ? asked : 2));
}

/** Whether the device has the memory for a spare second worker. */
export function roomForSpare() {
  const gb = navigator.deviceMemory;
  return !(gb > 0 && gb < SPARE_MIN_DEVICE_GB);
}

/** The second worker booted ahead: none, or {worker, state: 'booting' | 'ready'}. */
export class Spare {
  /** @param bridge the EngineBridge: spawnSecond(), emit(), spareWanted() */
  constructor(bridge) {
    this.bridge = bridge;
    this.helper = null;
    this.failures = 0;
    this.timer = 0;
  }

  /** Boot one in `delay` ms if one is wanted then. */
  soon(delay) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.helper || this.failures >= SPARE_MAX_FAILURES || !this.bridge.spareWanted()) return;
      this.helper = this.bridge.spawnSecond();
      this.bridge.emit('spare', { state: 'booting' });
    }, delay);
  }

  fromWorker(data) {
    if (data.type === 'ready') {
      this.helper.state = 'ready';
      clearTimeout(this.helper.bootTimer);
      this.bridge.emit('spare', { state: 'ready' });
    } else if (['boot-error', 'failed'].includes(data.type)) {
      this.drop(); // a long document then boots its own second worker, as without a spare
    }
  }

  /** The spare goes: it failed (its boot, or it died waiting; counted), or it is not wanted. */
  drop(failed = true) {
    if (!this.helper) return;
    if (failed) this.failures += 1;
    clearTimeout(this.helper.bootTimer);
    this.helper.worker.terminate();
    this.helper = null;
    this.bridge.emit('spare', { state: 'none' });
  }

  /** The spare, for a document (it is no spare any more), or null. */
  claim() {
    const helper = this.helper;
    this.helper = null;
    return helper;
  }
}

/** One job's split. The bridge hands it the first worker's messages about the job (fromFirst)
 * and the second worker's (fromHelper). */
export class Split {
  constructor(bridge, { job, bytes, password, firstLast = null }) {
    this.bridge = bridge;
    this.state = 'undecided';
    this.job = job;
    this.bytes = bytes; // a copy of the file for the second worker, until it has it
    this.password = password;
    this.pageCount = 0;
    this.done = 0; // the highest page the first worker has read
    this.firstLimited = firstLast !== null; // the first worker stops at a limit
    this.firstMax = firstLast ?? 0; // that limit
    this.helper = null; // the second worker: {worker, state}
    this.helperMin = 0; // the second worker's floor
    this.helperLow = 0; // the lowest page it has read
    this.final = false; // the second worker was told its floor stays
    this.helperWanted = false; // the first page is shown: a second worker may boot
  }

  to(state) {
    if (!NEXT_STATES[this.state].includes(state)) throw new Error(`pdfprose split: no way from ${this.state} to ${state}`);
    this.state = state;
  }

  get active() {
    return this.state !== 'alone';
  }

  /** What the first worker says about this job. */
  fromFirst(data) {
    if (!this.active) return;
    if (data.type === 'opened') {
      this.pageCount = data.pageCount;
      if (data.pageCount < SPLIT_MIN_PAGES) this.alone();
      else if (this.bridge.spare.helper) this.startHelper(); // a spare takes its share from the start
      else this.to('waiting');
    } else if (data.type === 'page') {
      this.done = Math.max(this.done, data.page.number);
      if (this.state === 'sharing' && this.firstMax - this.done < SPLIT_AHEAD) this.share('first');
    } else if (data.type === 'preview-text') {
      // The first page is on screen: only now does a second worker's boot (which takes both
      // cores for a moment) start, so that it never delays the first page (started at the page
      // count instead, it put the first page's text at 1.7-2.3 s on this shared machine,
      // benchmarks/README.md "Two workers"). Started in the next task, once the page has shown
      // it, and only once the start-up snapshot the first worker stores is there (else it would
      // boot the slow way: bridge.snapshotStored starts it then).
      this.helperWanted = true;
      setTimeout(() => this.bootWhenWanted(), 0);
    } else if (data.type === 'limited') {
      this.limited(data.last);
    } else if (['done', 'failed', 'cancelled'].includes(data.type)) {
      this.firstLimited = false; // its conversion is over
      this.alone();
    }
  }

  /** A second worker for a document still waiting for one, if it may boot now. */
  bootWhenWanted() {
    if (this.state === 'waiting' && this.helperWanted && !this.bridge.snapshotPending) this.startHelper();
  }

  /** The spare if there is one, else a second worker booting now. */
  startHelper() {
    const spare = this.bridge.spare.claim();
    if (spare) this.bridge.emit('spare', { state: 'claimed', at: this.done }); // 0: from the start
    this.helper = spare ?? this.bridge.spawnSecond();
    this.to('booting');
    if (this.helper.state === 'ready') this.helperReady();
  }

  fromHelper(data) {
    if (!this.active) return;
    if (data.type === 'ready') {
      this.helperReady();
    } else if (data.type === 'page' && data.job === this.job) {
      this.helperLow = Math.min(this.helperLow, data.page.number);
      if (this.helperLow - this.helperMin < SPLIT_AHEAD) this.share('helper');
      this.bridge.forward(data); // shown at once; the page list keeps page order
    } else if (data.type === 'handover' && data.job === this.job) {
      this.bridge.toFirst('adopt', { job: this.job, batch: data.batch }, [data.batch.buffer]);
      this.to('handed');
      this.firstLimited = false; // the first goes on past its limit once it has the pages
      this.stopHelper(); // its analysis is over there now: give its memory back
    } else if (['failed', 'boot-error', 'cancelled'].includes(data.type)) {
      this.helperFailed(data.message || data.error?.message || data.type);
    }
  }

  helperReady() {
    clearTimeout(this.helper.bootTimer);
    this.helper.state = 'ready';
    if (this.pageCount - this.done < SPLIT_MIN_REST) {
      this.alone(); // the first worker is nearly through: not worth it
      return;
    }
    // The first is held a few pages ahead of where it is; it answers with where it really stops
    // ('limited'), and the second starts from the last page, working towards it.
    this.to('limiting');
    this.firstLimited = true;
    this.bridge.toFirst('limit', { job: this.job, last: this.done + SPLIT_AHEAD });
  }

  limited(last) {
    if (this.state === 'sharing') return; // the answer to an extension ('share')
    if (this.state !== 'limiting' || last === null || last >= this.pageCount) {
      // No second worker to take the rest (any more): the first goes on alone.
      this.alone();
      return;
    }
    this.to('sharing');
    this.firstMax = last;
    this.helperMin = Math.max(last + 1, this.pageCount - SPLIT_STEP + 1);
    this.helperLow = this.pageCount + 1;
    const bytes = this.bytes;
    this.bytes = null;
    this.helper.state = 'converting';
    this.helper.worker.postMessage(
      this.bridge.workerMessage('convert', {
        job: this.job, bytes, password: this.password, range: { first: this.helperMin, last: this.pageCount },
      }),
      [bytes],
    );
    this.share('first');
    this.share('helper');
  }

  /** Give `who` ('first' or 'helper') the next pages between the two, if any are left; once
   * none are, the second worker is told its floor is final: it hands over when it is there. */
  share(who) {
    const free = this.helperMin - this.firstMax - 1;
    if (free > 0 && who === 'first') {
      this.firstMax += Math.min(SPLIT_STEP, free);
      this.bridge.toFirst('limit', { job: this.job, last: this.firstMax });
    } else if (free > 0) {
      this.helperMin -= Math.min(SPLIT_STEP, free);
      this.helper.worker.postMessage(this.bridge.workerMessage('floor', { job: this.job, first: this.helperMin }));
    }
    if (this.helperMin - this.firstMax - 1 <= 0 && !this.final) {
      this.final = true;
      this.helper.worker.postMessage(this.bridge.workerMessage('final', { job: this.job }));
    }
  }

  helperFailed(message) {
    if (!this.helper) return;
    this.alone();
    this.bridge.emit('helper-failed', { job: this.job, message: String(message) });
  }

  /** No (more) second worker for this job: the first one, if limited, goes on to the end. */
  alone() {
    if (!this.active) return;
    this.to('alone');
    this.stopHelper();
    this.bytes = null;
    if (this.firstLimited) this.bridge.toFirst('unlimit', { job: this.job });
    this.firstLimited = false;
  }

  /** The job is over (cancelled, or its worker replaced): the second worker goes, and the
   * first is told nothing more. */
  end() {
    this.firstLimited = false;
    this.alone();
  }

  stopHelper() {
    if (!this.helper) return;
    clearTimeout(this.helper.bootTimer);
    this.helper.worker.terminate();
    this.helper = null;
  }
}
