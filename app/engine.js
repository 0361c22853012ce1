// The page's handle on the engine worker (app/worker.js).
//
// Cancel is cooperative first: the worker looks for a cancel between pages and answers
// 'cancelled' within a page's time, staying booted. Python cannot be interrupted from outside, so
// a worker that does not answer within CANCEL_GRACE_MS (one huge page) is terminated and a fresh
// one boots (as Squoosh does), which takes a few seconds and ends in 'ready'.
// A worker that dies (an uncaught error, a broken interpreter) is replaced the same way, and the
// page is told with a 'crashed' message, so the next file works.

// A boot that neither succeeds nor fails (a blocked WebAssembly compile can hang Pyodide) must
// still end in a message the user can act on.
const BOOT_TIMEOUT_MS = 120_000;
const CANCEL_GRACE_MS = 1_500;

export class EngineBridge {
  /** @param {(message: object) => void} onMessage receives every message of the current worker */
  constructor(onMessage) {
    this.onMessage = onMessage;
    this.worker = null;
    this.ready = false;
    this.cancelling = 0; // the job being cancelled, until the worker confirms
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
      } else if (data.type === 'boot-error') {
        clearTimeout(this.bootTimer);
      }
      if (this.cancelling && data.job === this.cancelling && ['cancelled', 'done', 'failed'].includes(data.type)) {
        // The worker stopped (or had just finished): either way the job is over.
        this.finishCancel();
        return;
      }
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
    this.worker.postMessage({ type: 'convert', job, bytes, password, options }, [bytes]);
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
    this.onMessage({ type: 'cancelled', job, restarted: !this.ready });
  }

  /** For the end-to-end tests: make the worker fail ('throw' | 'memory'). */
  crashForTest(how) {
    this.worker.postMessage({ type: 'test-crash', how });
  }

  /** Stop whatever the worker is doing and boot a new one. */
  restart() {
    this.worker.terminate();
    this.start();
  }
}
