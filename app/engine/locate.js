// Where each page's text starts in a rendering of the document (the page list's jump to a
// page): from the page markers when the text has them, else from the engine's own answer
// (pdfprose.engine.web.WebSession.render_pages, in code points). Pure functions: no engine state.

function markerText(format, number, word) {
  return format === 'md' ? `<!-- page ${number} -->` : `[${word} ${number}]`;
}

/**
 * The page markers of `text`, per page of `pageNumbers`: [marker start, end of marker and its
 * gap], or null where a page's marker is not found. Markers are chunks of their own: at the start
 * or after a blank line, and followed by a blank line or the final newline.
 */
export function findMarkers(text, format, word, pageNumbers) {
  const found = [];
  let cursor = 0;
  for (const number of pageNumbers) {
    const marker = markerText(format, number, word);
    let at = text.indexOf(marker, cursor);
    while (at >= 0) {
      const end = at + marker.length;
      const before = at === 0 || text.startsWith('\n\n', at - 2);
      const after = text.startsWith('\n\n', end) || end === text.length - 1;
      if (before && after) break;
      at = text.indexOf(marker, at + 1);
    }
    if (at < 0) {
      found.push(null);
      continue;
    }
    const end = at + marker.length;
    found.push([at, Math.min(text.length, end + 2)]);
    cursor = end;
  }
  return found;
}

/** `offsets` in code points of `text` (Python's count) as UTF-16 offsets (JavaScript's). */
export function codePointsToUtf16(text, offsets) {
  const out = [];
  let unit = 0;
  let point = 0;
  for (const target of offsets) {
    while (point < target && unit < text.length) {
      const code = text.charCodeAt(unit);
      unit += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
      point += 1;
    }
    out.push(unit);
  }
  return out;
}

/** Fills holes (pages whose text was not found: empty pages, or text merged away) with the
 * start of the next page found, so that the starts never decrease. */
export function monotonic(starts, length) {
  let next = length;
  for (let i = starts.length - 1; i >= 0; i -= 1) {
    if (starts[i] === null || starts[i] > next) starts[i] = next;
    next = starts[i];
  }
  return starts;
}
