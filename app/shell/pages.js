// The page list: one card per page with its schematic drawing (app/preview.js) and a caption
// (columns, or empty, garbled, failed), in page order whichever worker read the page, one Tab
// stop reached with the arrow keys, Home and End. Picking a card jumps to that page's text.

import { t } from '../i18n.js';
import { markFurniture, pagePlaceholder, pageSvg } from '../preview.js';

const THUMB_PX = 132; // the drawings' width in the page list (static/app.css, .page-card svg)
// Each page's drawing is an SVG of a few hundred elements: 350 of them took 170 MB of the
// renderer (measured, benchmarks/README.md). Documents longer than this draw a card only while
// it is near the view (DRAW_MARGIN) and let the drawing go when it leaves.
const EAGER_DRAWINGS = 60;
const DRAW_MARGIN = '1200px';
const STEP_KEYS = { ArrowRight: 1, ArrowLeft: -1 };
const ROW_KEYS = { ArrowDown: 1, ArrowUp: -1 };

function drawing(page) {
  const svg = pageSvg(page, { pixelWidth: THUMB_PX });
  if (page.furniture) markFurniture(svg, page.furniture);
  return svg;
}

function fillCaption(li, page) {
  const caption = li.querySelector('.page-caption');
  const label = document.createElement('span');
  label.className = 'page-number';
  label.textContent = t('page_item', { number: page.number });
  const parts = [label];
  const badge = (key, kind) => {
    const el = document.createElement('span');
    el.className = `badge ${kind}`;
    el.textContent = t(key);
    return el;
  };
  if (page.error) parts.push(badge('badge_failed', 'bad'));
  else if (page.empty) parts.push(badge('badge_empty', 'warn'));
  else {
    const columns = document.createElement('span');
    columns.className = 'columns';
    columns.textContent = t('columns', { columns: page.columns });
    parts.push(columns);
  }
  if (page.garbled) parts.push(badge('badge_garbled', 'warn'));
  caption.replaceChildren(...parts);
}

export class PageList {
  /** @param list the <ol> of cards
   *  @param {(number: number) => void} onPick a card was picked (clicked, or Enter) */
  constructor(list, onPick) {
    this.list = list;
    this.pages = []; // the summaries of the pages analysed so far, in page order
    this.cards = new Map(); // page number -> its <li>
    this.rover = null; // the page whose card is the list's one tab stop
    this.lazy = false; // a long document: cards are drawn only near the view
    // Draws the cards that come near the view, and lets go of those that leave it.
    this.observer = typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => this.onIntersect(entries), { rootMargin: DRAW_MARGIN })
      : null;
    list.addEventListener('click', (event) => {
      const button = event.target.closest('button.page-card');
      if (button) onPick(Number(button.dataset.page));
    });
    list.addEventListener('keydown', (event) => this.onKey(event));
    list.addEventListener('focusin', (event) => {
      const button = event.target.closest?.('button.page-card');
      if (button) this.setRover(Number(button.dataset.page));
    });
  }

  clear() {
    this.pages = [];
    this.cards.clear();
    this.observer?.disconnect();
    this.lazy = false;
    this.rover = null;
    this.list.replaceChildren();
  }

  /** A document of `pageCount` pages is coming. */
  begin(pageCount) {
    this.lazy = Boolean(this.observer) && pageCount > EAGER_DRAWINGS;
  }

  find(number) {
    return this.pages.find((p) => p.number === number) ?? null;
  }

  indexOf(number) {
    return this.pages.findIndex((p) => p.number === number);
  }

  item(page) {
    const li = document.createElement('li');
    li.dataset.page = String(page.number);
    li.dataset.columns = String(page.columns);
    li.dataset.empty = String(Boolean(page.empty));
    li.dataset.garbled = String(Boolean(page.garbled));
    li.dataset.failed = String(Boolean(page.error));
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'page-card';
    button.dataset.page = String(page.number);
    button.append(this.lazy ? pagePlaceholder(page, { pixelWidth: THUMB_PX }) : drawing(page));
    const caption = document.createElement('span');
    caption.className = 'page-caption';
    button.append(caption);
    li.append(button);
    fillCaption(li, page);
    return li;
  }

  /** A page read. Pages come from two workers in a long document, not always in order, and a
   * page may come again (analysed anew): the list shows each once, in page order. */
  add(page) {
    const li = this.item(page);
    const old = this.cards.get(page.number);
    let index = this.pages.length;
    while (index > 0 && this.pages[index - 1].number > page.number) index -= 1;
    if (old) {
      index = this.indexOf(page.number);
      this.pages[index] = page;
      this.observer?.unobserve(old);
      old.replaceWith(li);
    } else {
      const next = this.pages[index];
      this.pages.splice(index, 0, page);
      this.list.insertBefore(li, next ? this.cards.get(next.number) : null);
    }
    this.cards.set(page.number, li);
    li.querySelector('button.page-card').tabIndex = -1;
    // The tab stop goes to the lowest page so far, unless the reader is moving in the list.
    const moving = this.list.contains(document.activeElement);
    if (this.rover === null || this.rover === page.number || (!moving && page.number < this.rover)) {
      this.setRover(page.number);
    }
    if (this.lazy) this.observer.observe(li);
  }

  /** The picked card is marked as the current one. */
  markCurrent(number) {
    for (const li of this.list.children) {
      if (li.dataset.page === String(number)) li.firstElementChild.setAttribute('aria-current', 'true');
      else li.firstElementChild.removeAttribute('aria-current');
    }
  }

  /** Running headers and footers, only known after the document passes, struck through. */
  markFurniture(summaries) {
    for (const summary of summaries) {
      if (!summary.furniture) continue;
      const page = this.find(summary.number);
      if (page) page.furniture = summary.furniture;
      const svg = this.cards.get(summary.number)?.querySelector('svg');
      if (svg && !svg.classList.contains('pv-pending')) markFurniture(svg, summary.furniture);
    }
  }

  /** The captions again, in the language just chosen. */
  recaption() {
    for (const li of this.list.children) {
      const page = this.find(Number(li.dataset.page));
      if (page) fillCaption(li, page);
    }
  }

  onIntersect(entries) {
    for (const { target, isIntersecting } of entries) {
      const number = Number(target.dataset.page);
      const page = this.find(number);
      const svg = target.querySelector('svg.pv');
      if (!page || !svg || this.cards.get(number) !== target) continue;
      const drawn = !svg.classList.contains('pv-pending');
      if (isIntersecting && !drawn) svg.replaceWith(drawing(page));
      else if (!isIntersecting && drawn) svg.replaceWith(pagePlaceholder(page, { pixelWidth: THUMB_PX }));
    }
  }

  // The page list is one tab stop (a roving tabindex), its cards reached with the arrow keys,
  // Home and End: one tab stop per card put 155 of them between the file picker and Copy on a
  // 155-page report.
  setRover(number) {
    const old = this.cards.get(this.rover)?.querySelector('button.page-card');
    if (old) old.tabIndex = -1;
    this.rover = number;
    const button = this.cards.get(number)?.querySelector('button.page-card');
    if (button) button.tabIndex = 0;
  }

  onKey(event) {
    const button = event.target.closest('button.page-card');
    if (!button || !this.pages.length) return;
    const index = this.indexOf(Number(button.dataset.page));
    let to;
    if (event.key in STEP_KEYS) to = index + STEP_KEYS[event.key];
    else if (event.key in ROW_KEYS) to = this.cardInNextRow(index, ROW_KEYS[event.key]);
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = this.pages.length - 1;
    else return;
    event.preventDefault();
    const page = this.pages[Math.max(0, Math.min(this.pages.length - 1, to))];
    this.setRover(page.number);
    this.cards.get(page.number).querySelector('button.page-card').focus();
  }

  // The card above (direction -1) or below (+1) the card at `index` in the grid the list is laid
  // out in (static/app.css): in the row before or after, the card nearest in x, which is the
  // last one of a shorter row; the card itself at the top or bottom row. The number of columns
  // follows the panel's width, so the rows are read from the layout, not counted. A list of one
  // row (the strip of a narrow screen) has no row to move to: Up and Down are previous and next
  // there, as they are in a list of one column.
  cardInNextRow(index, direction) {
    const count = this.pages.length;
    const boxes = new Map();
    const box = (i) => {
      if (!boxes.has(i)) boxes.set(i, this.cards.get(this.pages[i].number).getBoundingClientRect());
      return boxes.get(i);
    };
    // The cards are in page order, row after row: a card that does not stand to the right of the
    // one before it begins a row.
    const beginsRow = (i) => i > 0 && box(i).left < box(i - 1).right - 1;
    let start = index;
    while (start > 0 && !beginsRow(start)) start -= 1;
    let end = index + 1;
    while (end < count && !beginsRow(end)) end += 1;
    if (start === 0 && end === count) return index + direction;
    let from;
    let to;
    if (direction > 0) {
      if (end === count) return index;
      from = end;
      to = end + 1;
      while (to < count && !beginsRow(to)) to += 1;
    } else {
      if (start === 0) return index;
      to = start;
      from = start - 1;
      while (from > 0 && !beginsRow(from)) from -= 1;
    }
    const centre = (i) => (box(i).left + box(i).right) / 2;
    const x = centre(index);
    let nearest = from;
    for (let i = from + 1; i < to; i += 1) {
      if (Math.abs(centre(i) - x) < Math.abs(centre(nearest) - x)) nearest = i;
    }
    return nearest;
  }
}
