// The engine worker's side of the protocol (protocol.js): boots the runtime (runtime.js), takes
// the page's messages one at a time (a small inbox, so that a long conversion never runs two at
// once), converts documents (conversion.js) and keeps the last one's renderings (renderings.js),
// so that an option switch is rendered from the analysis, never parsed again. While idle, it
// renders ahead the options one switch away from those shown.
//
// Steering messages ('cancel', and 'limit', 'adopt', 'unlimit', 'floor', 'final' for the split
// with a second worker) do not wait in the inbox: the conversion sees them at its next page
// boundary. Everything the worker knows lives in one EngineHost: no module state.

import { FirstConversion, RangeConversion, nextTask } from './conversion.js';
import { FROM_WORKER, TO_WORKER, dispatch, sender } from './protocol.js';
import { heapBytes } from './memory.js';
import { bootEngine } from './runtime.js';

function internalError(err) {
  return { code: 'internal', message: String(err?.message ?? err).split('\n').slice(-2).join(' '), params: {} };
}

/** The interpreter died (its WebAssembly stack overflowed freeing a structure 100,000 deep,
 * before the engine bounded nesting): nothing can run in it again. The worker ends with the
 * error, uncaught, so that the page replaces it ('crashed') and says so. */
function die(err) {
  setTimeout(() => {
    throw err;
  });
}

export class EngineHost {
  /**
   * @param scope the worker's global scope (postMessage)
   * @param openSession makes a WebSession of the booted engine ({pyodide, WebSession}): the
   *   browser tests' worker (tests/e2e/hooks/worker.js) wraps it to inject failures
   */
  constructor(scope, { openSession = (engine) => engine.WebSession() } = {}) {
    this.send = sender(FROM_WORKER, scope);
    this.openSession = openSession;
    this.engine = null;
    this.inbox = [];
    this.pumping = false;
    this.cancelledJob = 0; // the highest job the page has cancelled
    this.running = null; // the conversion under way
    this.document = null; // {job, renderings} of the last converted document
    this.booted = bootEngine();
    this.booted.then(
      (engine) => this.announce(engine),
      (err) => this.send('boot-error', { message: String(err?.message ?? err) }),
    );
  }

  heapBytes() {
    return heapBytes(this.engine?.pyodide);
  }

  announce(engine) {
    this.engine = engine;
    const { bootMs, phases, snapshot, keep, started } = engine;
    // startedAt (ms since the epoch) places the phases on the page's own clock. storing: a
    // start-up snapshot is being stored ('snapshot-stored' follows), which a second worker had
    // better wait for rather than boot the slow way.
    this.send('ready', { bootMs, phases, snapshot, storing: Boolean(keep), startedAt: performance.timeOrigin + started });
    engine.keep = null;
    keep?.().then((stored) => this.send('snapshot-stored', { stored }));
    this.pump();
  }

  /** A message from the page. */
  receive(data) {
    const steer = (m) => {
      if (this.running?.job === m.job) this.running.steer(m);
    };
    const queue = (m) => {
      this.inbox.push(m);
      this.pump();
    };
    dispatch(TO_WORKER, {
      cancel: (m) => this.cancel(m.job),
      limit: steer,
      adopt: steer,
      unlimit: steer,
      floor: steer,
      final: steer,
      convert: queue,
      render: queue,
      locate: queue,
      plan: queue,
    }, data);
  }

  cancel(job) {
    this.cancelledJob = Math.max(this.cancelledJob, job);
    this.running?.wake();
    // Not being converted and not waiting in the inbox: nothing to stop, said at once.
    const queued = this.inbox.some((m) => m.type === 'convert' && m.job === job);
    if (this.running?.job !== job && !queued) this.send('cancelled', { job });
  }

  async pump() {
    if (this.pumping || !this.engine) return; // the boot's end pumps what came meanwhile
    this.pumping = true;
    try {
      for (;;) {
        if (this.inbox.length) {
          const data = this.inbox.shift();
          try {
            await this.handle(data);
          } catch (err) {
            if (err?.pyodide_fatal_error) {
              die(err);
              return;
            }
            // A failed rendering leaves the document (and its other renderings) in place.
            this.send('failed', { job: data.job, error: internalError(err), during: data.type, heapBytes: this.heapBytes() });
          }
          continue;
        }
        if (!this.document?.renderings.ahead.length) break;
        await nextTask(); // anything the page sent meanwhile goes first
        if (this.inbox.length) continue;
        let result;
        try {
          result = this.document.renderings.renderAhead();
        } catch (err) {
          // Only a fatal error gets here (renderAhead drops the others): the idle worker dies
          // as a busy one would, and the page replaces it.
          die(err);
          return;
        }
        if (result) this.send('ahead', { job: this.document.job, result });
      }
    } finally {
      this.pumping = false;
    }
  }

  handle(data) {
    if (data.type === 'convert') return this.convert(data);
    const renderings = this.document?.job === data.job ? this.document.renderings : null;
    if (!renderings) return undefined; // a newer document replaced it: nothing to answer
    if (data.type === 'render') {
      this.send('rendered', { job: data.job, seq: data.seq, result: renderings.render(data.options) });
      renderings.plan(data.options);
    } else if (data.type === 'locate') {
      this.send('located', { job: data.job, ...renderings.locate(data.options) });
    } else if (data.type === 'plan') {
      renderings.plan(data.options);
    }
    return undefined;
  }

  async convert(data) {
    this.forget(); // the previous document's analysis goes before the next one is parsed
    const session = this.openSession(this.engine);
    const conversion = data.range ? new RangeConversion(this, session, data) : new FirstConversion(this, session, data);
    this.running = conversion;
    try {
      const renderings = await conversion.run();
      if (renderings) this.document = { job: data.job, renderings };
    } finally {
      this.running = null;
      conversion.destroy();
    }
  }

  forget() {
    const renderings = this.document?.renderings;
    this.document = null;
    try {
      renderings?.session.destroy();
    } catch {
      // an interpreter that failed beyond repair: the page replaces the worker anyway
    }
  }
}
