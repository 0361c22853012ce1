// Progress watch for one conversion: a document that makes no progress (no page, no page count)
// for a few seconds is said to be taking unusually long, and one that makes none for a minute is
// given up, its worker ended and replaced (bridge.js). A file can be built to stall a reader (ten
// million 'q' operators on one page, a decompression bomb, reference loops): whatever the engine
// does with it, the page never waits for ever.

// No progress for this long is unusual: a page takes 25 ms on average in the browser (39 pages
// a second by the worker's clock, benchmarks/README.md); of the 80 corpus files none opens in
// more than 0.2 s of CPU on CPython and the slowest page takes 1.6 s (es_ambientico_magazine
// page 16; the browser is 1.3-2 times slower). The notice goes as soon as a page comes, so on a
// slow device such a page only shows it for a moment.
export const STALL_NOTICE_MS = 5_000;
// No progress for this long and the worker is ended: some twenty times the slowest real page.
export const HARD_LIMIT_MS = 60_000;
// The document passes come after the last page, with no progress to show: each page read adds
// this much to both limits then (the longest corpus file's passes take 0.08 s of CPU on CPython
// for 50 pages, and the page puts a 110-page book together in 0.5 s here, 4.5 ms a page; a
// phone is three to five times slower).
export const FINISH_MS_PER_PAGE = 20;

export class Watchdog {
  /**
   * @param {(job: number, seconds: number) => void} onStall no progress for `noticeMs`
   * @param {(job: number, seconds: number) => void} onLimit no progress for `limitMs`
   */
  constructor({ onStall, onLimit, noticeMs = STALL_NOTICE_MS, limitMs = HARD_LIMIT_MS }) {
    this.onStall = onStall;
    this.onLimit = onLimit;
    this.noticeMs = noticeMs;
    this.limitMs = limitMs;
    this.job = 0;
    this.timers = [];
  }

  /** Watch `job` from now. */
  start(job) {
    this.job = job;
    this.progress();
  }

  /** `job` moved on; `extraMs` more is allowed until the next step (the document passes). */
  progress(extraMs = 0) {
    if (!this.job) return;
    this.clear();
    const job = this.job;
    const since = performance.now();
    const seconds = () => Math.round((performance.now() - since) / 1000);
    this.timers = [
      setTimeout(() => this.job === job && this.onStall(job, seconds()), this.noticeMs + extraMs),
      setTimeout(() => {
        if (this.job !== job) return;
        this.stop();
        this.onLimit(job, seconds());
      }, this.limitMs + extraMs),
    ];
  }

  /** Nothing to watch any more (the job ended, was cancelled or its worker replaced). */
  stop() {
    this.job = 0;
    this.clear();
  }

  clear() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
