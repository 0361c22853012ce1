// The renderings of one converted document, in the worker: each options key rendered once and
// kept (an option switch is answered from here, never parsed again), the options one switch away
// rendered ahead while the worker is idle, and where each page starts in a rendering.

import { codePointsToUtf16, findMarkers, monotonic } from './locate.js';
import { normalizeOptions, oneSwitchAway, optionsKey } from './options.js';

export class Renderings {
  /** @param session the document's pdfprose.engine.web.WebSession, finished
   *  @param {number[]} pageNumbers its pages, in order */
  constructor(session, pageNumbers) {
    this.session = session;
    this.pageNumbers = pageNumbers;
    this.texts = new Map(); // options key -> output text
    this.ahead = []; // options still worth rendering ahead, most likely first
  }

  /** {key, options, text, renderMs, cached} for `options`. */
  render(options) {
    const normal = normalizeOptions(options);
    const key = optionsKey(normal);
    if (this.texts.has(key)) return { key, options: normal, text: this.texts.get(key), renderMs: 0, cached: true };
    const started = performance.now();
    const text = this.session.render(JSON.stringify(normal));
    const renderMs = Math.round(performance.now() - started);
    this.texts.set(key, text);
    this.ahead = this.ahead.filter((o) => optionsKey(o) !== key);
    return { key, options: normal, text, renderMs, cached: false };
  }

  /** What to render ahead once `current` is shown: what is one switch away and not rendered. */
  plan(current) {
    this.ahead = oneSwitchAway(current).filter((o) => !this.texts.has(optionsKey(o)));
  }

  /** The next rendering ahead, or null when there is none left (or it failed: it will fail
   * again when asked for, and be reported then). A fatal error of the interpreter is thrown:
   * nothing can run in it again, so the worker must end (EngineHost.pump). */
  renderAhead() {
    const options = this.ahead.shift();
    if (!options) return null;
    try {
      return this.render(options);
    } catch (err) {
      this.ahead = [];
      if (err?.pyodide_fatal_error) throw err;
      return null;
    }
  }

  /** {key, starts}: where each page starts in the rendering for `options` (UTF-16 offsets,
   * never decreasing; a page with no text of its own starts where the next one does). */
  locate(options) {
    const normal = normalizeOptions(options);
    const key = optionsKey(normal);
    let starts;
    if (normal.page_markers) {
      const text = this.render(normal).text;
      starts = findMarkers(text, normal.format, normal.page_word, this.pageNumbers).map((span) => (span ? span[0] : null));
    } else {
      const answer = JSON.parse(this.session.render_pages(JSON.stringify(normal)));
      if (answer.error) throw new Error(answer.error.message || answer.error.code);
      const byNumber = new Map(answer.pages.map((p) => [p.number, p.start]));
      const points = this.pageNumbers.map((n) => byNumber.get(n) ?? null);
      const known = points.filter((p) => p !== null);
      const units = codePointsToUtf16(answer.text, known);
      starts = points.map((p) => (p === null ? null : units[known.indexOf(p)]));
    }
    return { key, starts: monotonic(starts, this.texts.get(key)?.length ?? 0) };
  }
}
