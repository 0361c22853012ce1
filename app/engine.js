// The page's handle on the engine worker. Python cannot be interrupted from outside, so
// cancelling means terminating the worker and starting a fresh one (as Squoosh does); the new
// worker boots Pyodide again, which takes a few seconds, and reports 'ready' when it can work.

// A boot that neither succeeds nor fails (a blocked WebAssembly compile can hang Pyodide) must
// still end in a message the user can act on.
const BOOT_TIMEOUT_MS = 120_000;

export class EngineBridge {
  /** @param {(message: object) => void} onMessage receives every message of the current worker */
  constructor(onMessage) {
    this.onMessage = onMessage;
    this.worker = null;
    this.start();
  }

  start() {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    // Messages from a worker that was replaced meanwhile are dropped.
    worker.onmessage = ({ data }) => {
      if (worker !== this.worker) return;
      if (data.type === 'ready' || data.type === 'boot-error') clearTimeout(this.bootTimer);
      this.onMessage(data);
    };
    worker.onerror = (event) => {
      if (worker !== this.worker) return;
      event.preventDefault();
      clearTimeout(this.bootTimer);
      this.onMessage({ type: 'boot-error', message: event.message || 'the worker script failed to load' });
    };
    this.worker = worker;
    clearTimeout(this.bootTimer);
    this.bootTimer = setTimeout(() => {
      if (worker === this.worker) this.onMessage({ type: 'boot-error', message: 'no answer from the engine' });
    }, BOOT_TIMEOUT_MS);
  }

  /** Convert a PDF; `bytes` (an ArrayBuffer) is transferred, not copied. */
  convert(job, bytes, options) {
    this.worker.postMessage({ type: 'convert', job, bytes, options }, [bytes]);
  }

  /** Render the last converted document again with other options (no new parse). */
  render(job, options) {
    this.worker.postMessage({ type: 'render', job, options });
  }

  /** Stop whatever the worker is doing and boot a new one. */
  restart() {
    this.worker.terminate();
    this.start();
  }
}
