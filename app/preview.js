// The schematic drawing of one page, as SVG, from the engine's geometry (no page rendering):
// the page outline, each text line as a box coloured by its column (or as full-width text, or
// rotated/vertical text, or form fields), each block numbered in reading order, running headers
// and footers struck through, and empty, failed and garbled pages marked.
//
// geometry = {width, height, columns, empty, garbled, blocks: [{order, region, column, kind?,
// columns?, furniture?, box: [x0, top, x1, bottom], lines: [[x0, top, x1, bottom], ...]}]} in points, origin
// top left (pdfprose.engine.web.WebSession.next_page). Colours live in static/app.css (classes pv-*), so
// they follow the light and dark themes. Fields the engine may not send yet (kind, furniture)
// are used when present and simply not drawn when absent.

const SVG = 'http://www.w3.org/2000/svg';
const PALETTE_SIZE = 4; // pv-c0 .. pv-c3, then the colours repeat
const SPECIAL_KINDS = new Set(['rotated', 'vertical', 'form']);

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

const r1 = (x) => Math.round(x * 10) / 10;

/**
 * The CSS class that colours a block: its text column, full width, an aside, or its special
 * kind. Only text columns get a column's colour, so that the drawing shows as many as the
 * page's "N columns" counts: ``block.text_column`` (from the engine) is -1 for a narrow column
 * beside them (a sidebar, line numbers), drawn as an aside. A block spans the full width when
 * its region has one column (``block.columns``, when the engine sends it) or, failing that, when
 * it is at least 60 % as wide as the page's text on a page of several columns.
 */
export function blockClass(block, page) {
  if (block.furniture) return 'pv-furniture';
  if (SPECIAL_KINDS.has(block.kind)) return block.kind === 'form' ? 'pv-form' : 'pv-rotated';
  if (block.text_column === -1) return 'pv-aside';
  if (page.columns > 1) {
    const spans = typeof block.columns === 'number'
      ? block.columns === 1
      : block.box[2] - block.box[0] >= 0.6 * page.textWidth;
    if (spans) return 'pv-span';
  }
  return `pv-c${(block.text_column ?? block.column ?? 0) % PALETTE_SIZE}`;
}

function textWidth(blocks) {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const block of blocks) {
    if (SPECIAL_KINDS.has(block.kind) || block.furniture) continue;
    x0 = Math.min(x0, block.box[0]);
    x1 = Math.max(x1, block.box[2]);
  }
  return x1 > x0 ? x1 - x0 : 0;
}

function strike(box, group) {
  const [x0, top, x1, bottom] = box;
  el('rect', { class: 'pv-line', x: x0, y: top, width: Math.max(1, x1 - x0), height: Math.max(1, bottom - top) }, group);
  const y = r1((top + bottom) / 2);
  el('line', { class: 'pv-strike', x1: x0 - 2, y1: y, x2: x1 + 2, y2: y }, group);
}

/**
 * An <svg> for one page. `page` is the page summary (number, empty, garbled, error) with its
 * `geometry`; `pixelWidth` is the width the drawing is shown at, so that the reading-order
 * numbers come out at a readable size whatever the page size.
 */
export function pageSvg(page, { pixelWidth = 120 } = {}) {
  const geometry = page.geometry ?? {};
  const width = geometry.width > 0 ? geometry.width : 612;
  const height = geometry.height > 0 ? geometry.height : 792;
  const unit = width / pixelWidth; // page points per screen pixel
  const svg = el('svg', {
    class: 'pv',
    viewBox: `0 0 ${width} ${height}`,
    'aria-hidden': 'true',
    focusable: 'false',
    'data-page': page.number,
  });
  el('rect', { class: 'pv-page', x: 0, y: 0, width, height, 'stroke-width': r1(unit * 1.2) }, svg);
  if (page.error) {
    svg.classList.add('pv-is-failed');
    const m = Math.min(width, height) * 0.25;
    const cx = width / 2;
    const cy = height / 2;
    el('path', { class: 'pv-cross', d: `M${cx - m} ${cy - m}L${cx + m} ${cy + m}M${cx + m} ${cy - m}L${cx - m} ${cy + m}`, 'stroke-width': r1(unit * 3) }, svg);
    return svg;
  }
  const blocks = geometry.blocks ?? [];
  if (page.empty || !blocks.length) {
    svg.classList.add('pv-is-empty');
    // Faint hatching: a page with nothing to read (a scan, or a blank page).
    const step = unit * 9;
    const hatch = el('g', { class: 'pv-hatch', 'stroke-width': r1(unit * 0.8) }, svg);
    for (let d = step; d < width + height; d += step) {
      el('line', { x1: Math.max(0, d - height), y1: Math.min(height, d), x2: Math.min(width, d), y2: Math.max(0, d - width) }, hatch);
    }
    return svg;
  }
  const facts = { columns: page.columns ?? geometry.columns ?? 1, textWidth: textWidth(blocks) };
  const linesGroup = el('g', { class: 'pv-lines' }, svg);
  const labels = el('g', { class: 'pv-labels' }, svg);
  const radius = unit * 7;
  for (const block of blocks) {
    const cls = blockClass(block, facts);
    const group = el('g', { class: `pv-block ${cls}`, 'data-order': block.order, 'data-kind': block.kind ?? 'text' }, linesGroup);
    const lines = block.lines?.length ? block.lines : [block.box];
    for (const box of lines) {
      if (cls === 'pv-furniture') {
        strike(box, group);
        continue;
      }
      const [x0, top, x1, bottom] = box;
      el('rect', { class: 'pv-line', x: x0, y: top, width: Math.max(1, x1 - x0), height: Math.max(1, bottom - top) }, group);
    }
    const [bx0, btop] = block.box;
    const cx = Math.min(Math.max(bx0, radius), width - radius);
    const cy = Math.min(Math.max(btop, radius), height - radius);
    const label = el('g', { class: `pv-num ${cls}` }, labels);
    el('circle', { cx: r1(cx), cy: r1(cy), r: r1(radius) }, label);
    const text = el('text', { x: r1(cx), y: r1(cy), 'font-size': r1(radius * 1.25), 'text-anchor': 'middle', 'dominant-baseline': 'central' }, label);
    text.textContent = String((block.order ?? 0) + 1);
  }
  if (page.garbled) {
    svg.classList.add('pv-is-garbled');
    const s = unit * 16;
    const warn = el('g', { class: 'pv-warn' }, svg);
    el('path', { d: `M${width - s * 1.2} ${s * 1.25}l${s / 2} ${-s}l${s / 2} ${s}z`, 'stroke-width': r1(unit * 1.5) }, warn);
    el('text', { x: r1(width - s * 0.7), y: r1(s * 1.02), 'font-size': r1(s * 0.75), 'text-anchor': 'middle' }, warn).textContent = '!';
  }
  return svg;
}

/**
 * A stand-in for a page's drawing, the same size: only the page's outline. A long document's
 * drawings are made when their cards come near the view and let go when they leave it
 * (app/main.js), so that hundreds of them never sit in memory at once.
 */
export function pagePlaceholder(page, { pixelWidth = 120 } = {}) {
  const geometry = page.geometry ?? {};
  const width = geometry.width > 0 ? geometry.width : 612;
  const height = geometry.height > 0 ? geometry.height : 792;
  const svg = el('svg', {
    class: 'pv pv-pending',
    viewBox: `0 0 ${width} ${height}`,
    'aria-hidden': 'true',
    focusable: 'false',
    'data-page': page.number,
  });
  el('rect', { class: 'pv-page', x: 0, y: 0, width, height, 'stroke-width': r1((width / pixelWidth) * 1.2) }, svg);
  return svg;
}

/**
 * Lines the document passes found to be running headers, footers or page numbers (`boxes`, in
 * page space), struck through on an existing drawing. The report may carry them per page as
 * `furniture`; when it does not, nothing is drawn.
 */
export function markFurniture(svg, boxes) {
  svg.querySelector('.pv-furniture-overlay')?.remove();
  if (!Array.isArray(boxes) || !boxes.length) return;
  const group = el('g', { class: 'pv-furniture-overlay pv-furniture' });
  for (const box of boxes) if (Array.isArray(box) && box.length === 4) strike(box, group);
  svg.querySelector('.pv-labels')?.before(group);
}
