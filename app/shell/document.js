// The document shown: its pages as they are read, its report and notices once done, its text
// in the options chosen (re-rendered by the engine from the analysis it keeps, never parsed
// again), and the jumps from a page's card to its text.

import { t } from '../i18n.js';
import { optionsKey } from '../engine/options.js';
import { preload as preloadMarkdown } from '../markdown.js';
import { jumpTo } from './jump.js';
import { doneStatus } from './notices.js';

/** The output options the controls say, as the engine takes them. */
export function outputOptions(ui) {
  return {
    format: ui.format.value,
    join_lines: ui.joinLines.checked,
    remove_headers: ui.removeHeaders.checked,
    page_markers: ui.pageMarkers.checked,
    page_word: t('page_marker_word'),
    tables: ui.tables.value === 'text' ? 'text' : 'table',
  };
}

export class ShownDocument {
  /**
   * @param parts {ui, messages, status, pages, notices, textView, saving, engine, textChanged
   *   ((text, format) => void: the text shown is now `text`)}
   * @param {() => void} readAgain the analysis is gone (its worker crashed): read the file again
   */
  constructor(parts, readAgain) {
    Object.assign(this, parts);
    this.readAgain = readAgain;
    this.job = 0; // the conversion whose result this is
    this.fileName = '';
    this.parses = 0; // finished conversions (an option change must not change it)
    this.report = null;
    this.analysisKept = false; // the worker holds this document's analysis
    this.text = ''; // exactly what Copy and Download give
    this.key = ''; // the options key of `text`
    this.starts = null; // where each page starts in `text` (UTF-16 offsets), once asked for
    this.results = new Map(); // options key -> rendering of this document, as the worker sent it
    this.seq = 0; // render requests, newest wins
    this.renderStarted = 0;
    this.pendingJump = null; // {number, focus}: a jump to make once the text (or where pages start) is known
    this.currentPage = null; // the page the reader picked last in this document
  }

  /** Everything of the last document goes; `job` (`fileName`) is the next one. */
  reset(job = this.job, fileName = this.fileName) {
    const { ui } = this;
    this.job = job;
    this.fileName = fileName;
    this.messages.say(ui.jumpNote, null);
    this.notices.clear();
    this.pages.clear();
    this.report = null;
    this.text = '';
    this.key = '';
    this.starts = null;
    this.pendingJump = null;
    this.analysisKept = false;
    this.results.clear();
    this.textView.clear();
    ui.outputPanel.hidden = true;
    delete ui.outputPanel.dataset.pending;
    this.messages.say(ui.pendingNote, 'page_not_ready');
    this.currentPage = null;
    ui.result.hidden = true;
    this.saving.offer(null);
  }

  opened({ pageCount }) {
    const { ui } = this;
    document.body.classList.add('has-result'); // from now on the drop zone steps back
    this.pages.begin(pageCount);
    ui.progress.max = Math.max(1, pageCount);
    ui.progress.value = 0;
    ui.result.hidden = false;
    ui.outputPanel.dataset.pending = 'true';
    ui.outputPanel.hidden = false;
    this.status.set('working', 'status_working', { name: this.fileName, done: 0, total: pageCount });
  }

  page({ page }) {
    const { progress } = this.ui;
    this.pages.add(page);
    const read = this.pages.pages.length;
    progress.value = read;
    const name = this.fileName;
    if (read >= progress.max && progress.max > 1) this.status.set('working', 'status_finishing', { name, total: progress.max });
    else this.status.set('working', 'status_working', { name, done: read, total: progress.max });
  }

  /** The first page's text while the rest is read (before the document passes); the finished
   * text replaces it. */
  preview({ text }) {
    if (this.status.state === 'working' && !this.text && text) this.textView.showSource(text);
  }

  done(message) {
    const { ui, status } = this;
    delete ui.views.dataset.ahead;
    this.parses += 1;
    this.analysisKept = true;
    status.mark('parses', this.parses);
    status.mark('parseMs', message.parseMs);
    // How the document was read: by one worker or two (app/engine/split.js), and the engine's
    // WebAssembly memory after it (for the speed benchmark).
    status.mark('workers', message.workers ?? 1);
    status.mark('helperPages', message.helperPages ?? 0);
    status.mark('reanalysed', message.reanalysed ?? 0);
    if (message.adoptError) status.mark('adoptError', message.adoptError); // the tests' diagnosis
    if (message.heapBytes) status.mark('heapMb', Math.round(message.heapBytes / 2 ** 20));
    this.showReport(message.report);
    this.results.set(message.result.key, message.result);
    this.showResult(message.result);
    status.set('done', doneStatus(message.report), {
      name: this.fileName, pages: this.pages.pages.length, seconds: message.parseMs / 1000,
    });
    // Options changed while the pages were read: the text in those, from the analysis kept.
    if (message.result.key !== optionsKey(outputOptions(ui))) this.rerender();
  }

  showReport(report) {
    const { ui } = this;
    this.report = report;
    ui.result.hidden = false;
    this.notices.show(report);
    this.pages.markFurniture(report.pages);
    // Nothing to read means nothing to copy or download: no empty document passed off as a result.
    delete ui.outputPanel.dataset.pending;
    ui.outputPanel.hidden = Boolean(report.all_empty);
    ui.pagesHint.hidden = Boolean(report.all_empty);
  }

  rendered({ seq, result }) {
    this.results.set(result.key, result);
    if (seq === this.seq) this.showResult(result);
  }

  /** Rendered ahead: kept here, so that switching to these options needs no message at all. */
  ahead({ result }) {
    const { views } = this.ui;
    this.results.set(result.key, result);
    views.dataset.ahead = `${views.dataset.ahead ?? ''} ${result.key}`.trim();
  }

  located({ key, starts }) {
    if (key !== this.key) return;
    this.starts = starts;
    if (this.pendingJump !== null) this.jump(this.pendingJump.number, this.pendingJump.focus);
  }

  /** A rendering or a jump failed: said, the document stays. False if this is no such failure. */
  renderFailed({ during, error }) {
    if (!['render', 'locate'].includes(during) || !this.report) return false;
    this.messages.say(this.ui.error, 'error_internal', { message: error.message || error.code });
    this.renderStarted = 0;
    return true;
  }

  async showResult(result) {
    const { ui } = this;
    if (result.key !== optionsKey(outputOptions(ui))) return; // the options changed since: wait for that one
    this.text = result.text;
    this.textChanged?.(result.text, result.options?.format ?? ui.format.value);
    const sameDocument = this.key !== '';
    this.key = result.key;
    this.starts = null;
    this.textView.showSource(result.text);
    // Another rendering of the same document stays on the page the reader picked; a new
    // document starts at its top.
    ui.output.scrollTop = 0;
    ui.rendered.scrollTop = 0;
    if (sameDocument && this.currentPage !== null) this.pendingJump = { number: this.currentPage, focus: false };
    ui.views.dataset.key = result.key;
    ui.views.dataset.engineMs = String(result.renderMs);
    ui.views.dataset.cached = String(result.cached);
    if (this.report && !this.report.all_empty) this.saving.offer(result.text, result.options.format, this.fileName);
    this.textView.apply();
    await this.textView.showRendered(result.text);
    if (this.renderStarted) {
      // Measured once the browser has painted the new text.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      ui.views.dataset.renderMs = String(Math.round(performance.now() - this.renderStarted));
      this.renderStarted = 0;
    }
    ui.views.dataset.shown = result.key;
    if (this.pendingJump !== null) this.requestLocate();
  }

  /** An option changed: the text again, from what is kept here, or from the engine. */
  rerender() {
    const { ui, engine } = this;
    this.textView.apply();
    if (ui.format.value === 'md') preloadMarkdown();
    // Still reading: the drawings follow at once (apply), the text follows when it comes.
    if (ui.outputPanel.dataset.pending) this.messages.say(ui.pendingNote, 'options_when_read');
    if (this.status.state !== 'done' || !this.report || this.report.all_empty) return;
    if (!this.analysisKept) {
      this.readAgain(); // the worker that held the analysis is gone (it crashed)
      return;
    }
    const options = outputOptions(ui);
    this.seq += 1;
    this.renderStarted = performance.now();
    const kept = this.results.get(optionsKey(options));
    if (kept) {
      this.showResult({ ...kept, renderMs: 0, cached: true });
      engine.plan(this.job, options);
      return;
    }
    engine.render(this.job, this.seq, options);
  }

  requestLocate() {
    if (this.starts || !this.analysisKept) return;
    this.engine.locate(this.job, outputOptions(this.ui));
  }

  /** Page `number`'s card was picked. */
  pick(number) {
    const { ui, status } = this;
    this.currentPage = number;
    this.pages.markCurrent(number);
    if (status.state !== 'done' || ui.outputPanel.hidden) {
      const done = status.state === 'done';
      this.messages.say(ui.jumpNote, done ? 'page_no_text' : 'page_not_ready', { number });
      // Still reading: the jump is made once the text is shown (showResult), without taking the
      // focus, which the reader may have moved on since.
      if (!done) this.pendingJump = { number, focus: false };
      return;
    }
    this.pendingJump = { number, focus: true };
    if (this.starts) this.jump(number, true);
    else this.requestLocate();
  }

  jump(number, focus) {
    this.pendingJump = null;
    const index = this.pages.indexOf(number);
    if (index < 0 || !this.starts) return;
    const start = this.starts[index] ?? this.text.length;
    const end = index + 1 < this.starts.length ? this.starts[index + 1] : this.text.length;
    const hasText = jumpTo(this, this.text, number, start, end, focus);
    this.messages.say(this.ui.jumpNote, hasText ? null : 'page_no_text', { number });
  }
}
