// One document converted in the engine worker, page by page, through pdfprose.engine.web.WebSession.
//
// The worker yields to its event loop between pages (nextTask), so that a 'cancel' or a message
// steering the split with a second worker is seen at the next page boundary.
//
// A long document is split between two workers (split.js, on the page): the first converts
// from page 1 and is told how far it may go ('limit': it stops there and waits); the second
// converts from the last page backwards ('convert' with a `range`), is given its floor a few
// pages at a time ('floor') until the two meet ('final'), and hands its analysis over; the
// first takes it in ('adopt') once at its limit, and runs the document passes once, here.
// Should the second fail, 'unlimit' sends the first on to the last page itself.

import { normalizeOptions } from './options.js';
import { Renderings } from './renderings.js';

/** A task, not a microtask: lets queued messages (a cancel) in. MessageChannel is not clamped to
 * 4 ms the way a nested setTimeout is. */
export function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The error object of an engine answer, or null: a fatal answer is {"error": {...}}, while a
 * page summary has "error" too, but as null or a string. */
export const fatal = (answer) => (answer.error && typeof answer.error === 'object' ? answer.error : null);

class Conversion {
  /** @param host the worker's EngineHost (its `send`, `cancelledJob`, `heapBytes()`)
   *  @param session a fresh pdfprose.engine.web.WebSession */
  constructor(host, session, { job, bytes, password }) {
    this.host = host;
    this.session = session;
    this.job = job;
    this.bytes = bytes;
    this.password = password || '';
    this.waiting = null; // resolves the wait for a steering message (or a cancel)
  }

  get cancelled() {
    return this.job <= this.host.cancelledJob;
  }

  /** Until the page steers this conversion again (or cancels it). */
  wait() {
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  wake() {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.();
  }

  /** Ends the conversion with `type` ('cancelled' or 'failed'); the session is let go. */
  stop(type, fields = {}) {
    this.destroy();
    this.host.send(type, { job: this.job, ...fields });
  }

  fail(error) {
    this.stop('failed', { error, heapBytes: this.host.heapBytes() });
  }

  destroy() {
    const session = this.session;
    this.session = null;
    try {
      session?.destroy();
    } catch {
      // an interpreter that failed beyond repair: the page replaces the worker anyway
    }
  }
}

/** The first (or only) worker's conversion: from page 1, up to its limit, then the second
 * worker's pages adopted, then the document passes. Resolves to the Renderings of the finished
 * document (the worker keeps them), or null when it failed or was cancelled. */
export class FirstConversion extends Conversion {
  constructor(host, session, data) {
    super(host, session, data);
    this.options = data.options;
    this.initialLast = data.last ?? null;
    this.pageCount = 0;
    this.pageNumbers = [];
    this.limitedTo = null; // the last page this worker reads while split, or null: all of them
    this.batch = null; // the second worker's analysis, once it came
  }

  /** 'limit', 'adopt' and 'unlimit' from the page: between pages nothing else runs here, so the
   * session is steered at once. */
  steer(data) {
    if (!this.session) return;
    if (data.type === 'limit') {
      // The first limit starts the split; later ones extend it, towards the second worker.
      const answer = JSON.parse(this.session.limit(data.last));
      this.limitedTo = fatal(answer) ? null : answer.last;
      this.host.send('limited', { job: this.job, last: this.limitedTo });
    } else if (data.type === 'adopt' && this.limitedTo !== null) {
      this.batch = data.batch;
    } else if (data.type === 'unlimit') {
      this.session.limit(this.pageCount);
      this.limitedTo = null;
    }
    this.wake();
  }

  async run() {
    if (this.cancelled) return this.stop('cancelled');
    const started = performance.now();
    const opened = JSON.parse(this.session.open(new Uint8Array(this.bytes), this.password));
    this.bytes = null;
    if (fatal(opened)) return this.fail(fatal(opened));
    this.pageCount = opened.page_count;
    if (this.initialLast !== null) this.limitedTo = JSON.parse(this.session.limit(this.initialLast)).last ?? null;
    this.host.send('opened', { job: this.job, pageCount: this.pageCount });
    const adopted = { helperPages: 0, reanalysed: 0, adoptError: null };
    for (;;) {
      await nextTask();
      if (this.cancelled) return this.stop('cancelled');
      const json = this.session.next_page();
      if (json) {
        const page = JSON.parse(json);
        if (fatal(page)) return this.fail(fatal(page));
        this.pageNumbers.push(page.number);
        this.host.send('page', { job: this.job, page });
        // A long document's first page is shown at once, before the document passes (running
        // heads still in); the finished text replaces it.
        if (this.pageNumbers.length === 1 && this.pageCount > 1) {
          this.host.send('preview-text', { job: this.job, text: this.session.page_text(JSON.stringify(normalizeOptions(this.options))) });
        }
        continue;
      }
      if (this.limitedTo === null || this.limitedTo >= this.pageCount) break;
      // This worker's part is done: the rest comes from the second worker.
      if (!this.batch) {
        await this.wait();
        continue;
      }
      this.adopt(adopted);
    }
    await nextTask();
    if (this.cancelled) return this.stop('cancelled');
    const report = JSON.parse(this.session.finish());
    if (fatal(report)) return this.fail(fatal(report));
    const renderings = new Renderings(this.session, report.pages.map((p) => p.number));
    const result = renderings.render(this.options);
    this.host.send('done', {
      job: this.job,
      report,
      result,
      parseMs: Math.round(performance.now() - started),
      workers: adopted.helperPages ? 2 : 1,
      ...adopted,
      heapBytes: this.host.heapBytes(),
    });
    renderings.plan(this.options);
    this.session = null; // the renderings hold it now
    return renderings;
  }

  /** Take the second worker's pages in; pages that depended on earlier ones were analysed again
   * here and are shown anew. If they cannot be taken in, this worker reads them itself. */
  adopt(adopted) {
    const batch = this.batch;
    this.batch = null;
    this.limitedTo = null;
    const answer = JSON.parse(this.session.adopt(batch));
    if (fatal(answer)) {
      adopted.adoptError = fatal(answer).message || fatal(answer).code;
      this.session.limit(this.pageCount);
      return;
    }
    adopted.helperPages = answer.adopted;
    adopted.reanalysed = answer.pages.length;
    for (const page of answer.pages) this.host.send('page', { job: this.job, page });
  }
}

/** The second worker's conversion: from the range's last page down to its floor, which the page
 * lowers ('floor') until it says it is final ('final'); then the analysis is handed over. */
export class RangeConversion extends Conversion {
  constructor(host, session, data) {
    super(host, session, data);
    this.range = data.range;
    this.floorIsFinal = false;
  }

  steer(data) {
    if (!this.session) return;
    if (data.type === 'floor') this.session.floor(data.first); // it answers with its pages
    else if (data.type === 'final') this.floorIsFinal = true;
    this.wake();
  }

  async run() {
    if (this.cancelled) return this.stop('cancelled');
    const opened = JSON.parse(
      this.session.open.callKwargs(new Uint8Array(this.bytes), this.password, {
        first_page: this.range.first, last_page: this.range.last, backwards: true,
      }),
    );
    this.bytes = null;
    if (fatal(opened)) return this.fail(fatal(opened));
    this.host.send('opened', { job: this.job, pageCount: opened.page_count });
    let pages = 0;
    for (;;) {
      await nextTask();
      if (this.cancelled) return this.stop('cancelled');
      const json = this.session.next_page();
      if (!json) {
        if (this.floorIsFinal) break;
        await this.wait(); // a lower floor, or the word that it is final
        continue;
      }
      const page = JSON.parse(json);
      if (fatal(page)) return this.fail(fatal(page));
      pages += 1;
      this.host.send('page', { job: this.job, page });
    }
    const proxy = this.session.handover();
    const batch = proxy.toJs();
    proxy.destroy();
    this.destroy();
    this.host.send('handover', { job: this.job, batch, pages }, [batch.buffer]);
    return null;
  }
}
