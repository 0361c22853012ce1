// Jumping from a page's card to its text: in the source view a marker is placed where the page
// starts, the page's text is highlighted and scrolled to the top; in the preview, the block the
// page starts in is scrolled to and flashed.

import { HIGHLIGHT } from './output.js';

// Scrolls `container` so that `target` (or `rect`'s element) is at its top. Blocks around the
// target are laid out only once they come near the view (content-visibility), which can move
// the target a little: the position is corrected over the next frames.
function scrollWithin(container, target, rect, bringIntoView) {
  const place = (box) => {
    container.scrollTop += box.top - container.getBoundingClientRect().top - 8;
  };
  place(rect ?? target.getBoundingClientRect());
  const box = container.getBoundingClientRect();
  if (bringIntoView && (box.top < 0 || box.top > window.innerHeight * 0.6)) container.scrollIntoView({ block: 'start' });
  let corrections = 3;
  const again = () => {
    const now = target.getBoundingClientRect();
    const off = now.top - container.getBoundingClientRect().top - 8;
    if (Math.abs(off) > 2) place(now);
    if (--corrections > 0) requestAnimationFrame(again);
  };
  requestAnimationFrame(again);
}

/**
 * Show page `number`'s text, which runs from `start` to `end` of `text` (UTF-16 offsets); `focus`:
 * move the focus there (a click on the page), or not (the same page shown again after an option
 * change, while the focus stays on that option). Returns whether the page has text there.
 */
export function jumpTo({ ui, textView }, text, number, start, end, focus) {
  ui.output.dataset.jumpPage = String(number);
  ui.output.dataset.jumpStart = String(start);
  const view = textView.view;
  if (view !== 'rendered') {
    const anchor = textView.placeAnchor(number, start);
    if (anchor) {
      const range = new Range();
      range.setStartAfter(anchor);
      const endPoint = textView.pointAt(end);
      if (endPoint) range.setEnd(...endPoint);
      if (CSS.highlights && typeof Highlight === 'function') CSS.highlights.set(HIGHLIGHT, new Highlight(range));
      const rects = range.getClientRects();
      scrollWithin(ui.output, anchor, rects.length ? rects[0] : null, focus);
      if (focus) anchor.focus({ preventScroll: true });
    }
  }
  if (view !== 'source') {
    const line = (text.slice(0, start).match(/\n/g) ?? []).length;
    const target = textView.markdown.elementForLine(line);
    if (target) {
      scrollWithin(ui.rendered, target, null, focus && view === 'rendered');
      textView.flash(target);
      if (view === 'rendered' && focus) {
        target.tabIndex = -1;
        target.focus({ preventScroll: true });
      }
    }
  }
  return start < end && text.slice(start, end).trim() !== '';
}
