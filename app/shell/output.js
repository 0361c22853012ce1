// The text view: the output as source (plain text or Markdown) and, in Markdown, its rendered
// preview (app/markdown.js), one, the other or both; and the points of the source text the page
// list jumps to.

import { MarkdownView } from '../markdown.js';

const SOURCE_CHUNK_CHARS = 12_000; // the source view is cut into blocks laid out only when seen
export const HIGHLIGHT = 'pdfprose-page'; // the CSS custom highlight of the page jumped to

export class TextView {
  constructor(ui) {
    this.ui = ui;
    this.markdown = new MarkdownView(ui.rendered);
    this.chunkStarts = []; // where each block of the source view starts in the text
    this.flashed = null; // the element highlighted by the last jump
    // On a phone the preview sits below the source; on a wide screen they stand side by side.
    if (!window.matchMedia('(min-width: 70rem)').matches) {
      ui.viewSwitch.querySelector('input[value="source"]').checked = true;
    }
  }

  /** 'source', 'rendered' or 'both' (always 'source' in plain text). */
  get view() {
    if (this.ui.format.value !== 'md') return 'source';
    return this.ui.viewSwitch.querySelector('input:checked')?.value ?? 'source';
  }

  /** Show the views the options ask for; returns the view. */
  apply() {
    const { ui } = this;
    const view = this.view;
    ui.viewSwitch.hidden = ui.format.value !== 'md';
    ui.views.dataset.view = view;
    ui.output.hidden = view === 'rendered';
    ui.rendered.hidden = view === 'source';
    ui.pageList.classList.toggle('strike-furniture', ui.removeHeaders.checked);
    return view;
  }

  clear() {
    this.showSource('');
    this.markdown.clear();
  }

  // The source view: the text in blocks cut after a blank line, each laid out by the browser
  // only when it scrolls into view (content-visibility in static/app.css), so that 400 KB of
  // text shows at once. The blocks' text put together is exactly the output.
  showSource(text) {
    const { output } = this.ui;
    const chunks = [];
    const starts = [];
    // Each block's height is estimated from its lines and the box's width until the browser
    // lays it out (then it remembers the real one), so the scrollbar is about right from the start.
    const charsPerLine = Math.max(20, Math.floor(((output.clientWidth || 900) - 24) / 8.3));
    let start = 0;
    while (start < text.length) {
      let end = Math.min(text.length, start + SOURCE_CHUNK_CHARS);
      if (end < text.length) {
        const cut = text.indexOf('\n\n', end);
        end = cut < 0 ? text.length : cut + 2;
      }
      const chunk = document.createElement('div');
      chunk.className = 'src-chunk';
      const body = text.slice(start, end);
      chunk.textContent = body;
      let lines = 0;
      for (const line of body.split('\n')) lines += Math.max(1, Math.ceil(line.length / charsPerLine));
      chunk.style.containIntrinsicSize = `auto ${Math.round(lines * 20.6)}px`;
      chunks.push(chunk);
      starts.push(start);
      start = end;
    }
    this.chunkStarts = starts;
    this.flashed = null;
    CSS.highlights?.delete(HIGHLIGHT);
    output.replaceChildren(...chunks);
  }

  /** The rendered preview of `text` (Markdown), when the view shows it. */
  async showRendered(text) {
    if (this.view !== 'source') await this.markdown.show(text);
  }

  /** A point of the source view's text: [text node, offset in it]. */
  pointAt(offset) {
    let index = this.chunkStarts.length - 1;
    while (index > 0 && this.chunkStarts[index] > offset) index -= 1;
    const chunk = this.ui.output.children[index];
    if (!chunk) return null;
    let rest = offset - (this.chunkStarts[index] ?? 0);
    const walker = document.createTreeWalker(chunk, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    let last = null;
    while (node) {
      if (rest <= node.length) return [node, rest];
      rest -= node.length;
      last = node;
      node = walker.nextNode();
    }
    return last ? [last, last.length] : [chunk, 0];
  }

  /** An empty, focusable marker where page `number`'s text starts (the text is unchanged). */
  placeAnchor(number, offset) {
    const old = this.ui.output.querySelector('.page-anchor');
    if (old) {
      const parent = old.parentNode;
      old.remove();
      parent.normalize();
    }
    const point = this.pointAt(offset);
    if (!point) return null;
    const anchor = document.createElement('span');
    anchor.className = 'page-anchor';
    anchor.dataset.page = String(number);
    anchor.tabIndex = -1;
    const [node, at] = point;
    if (node.nodeType === Node.TEXT_NODE) node.splitText(at).before(anchor);
    else node.prepend(anchor);
    return anchor;
  }

  flash(el) {
    this.flashed?.classList.remove('flash');
    el.classList.add('flash');
    this.flashed = el;
  }
}
