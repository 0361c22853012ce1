// The notices above the result: what could not be read and why (pages without a text layer,
// unreadable fonts, pages that failed, a damaged file, ...), each in the page's language, and
// the words of the status line once a document is done.

// What else the engine noticed (a damaged file, damaged content, copy restrictions, an internal
// error in the document passes), each in the page's language; a notice this page does not know
// yet is shown in the engine's own (English) words rather than not at all.
const NOTICE_KEYS = {
  damaged: 'notice_damaged',
  content_damaged: 'notice_content_damaged',
  copy_restricted: 'notice_copy_restricted',
  internal: 'notice_internal',
  cmap_unavailable: 'notice_cmap_unavailable',
  unmapped_glyphs: 'notice_unmapped_glyphs',
  hidden_text: 'notice_hidden_text',
  limit_reached: 'notice_limit_reached',
  repaired: 'notice_repaired',
};
const NOTICES_SHOWN_ELSEWHERE = new Set(['garbled', 'failed_pages']);

function pageNumberOf(entry) {
  return typeof entry === 'object' && entry !== null ? entry.number : entry;
}

function hasNotice(report, code) {
  return (report.notices ?? []).some((n) => n.code === code);
}

/** The status's message once `report`'s document is done: characters the engine could not read
 * for want of data (CMaps never fetched, offline), or a damaged file, are said there too:
 * "Done" alone would pass what is missing off as the whole document. */
export function doneStatus(report) {
  if (hasNotice(report, 'cmap_unavailable')) return 'status_done_incomplete';
  // A damaged file, or damaged drawing operations on a page (both have their notice).
  const damaged = hasNotice(report, 'damaged') || hasNotice(report, 'content_damaged');
  return damaged ? 'status_done_damaged' : 'status_done';
}

/** The garbled-pages notice: [key, params], or null when there is none to give. */
function garbledNotice(report) {
  const garbled = report.garbled_pages.map(pageNumberOf);
  // Offline, CJK fonts whose CMaps were never fetched read as unmapped: their own notice says to
  // connect; the garbled one would send the reader to OCR for nothing.
  if (!garbled.length || hasNotice(report, 'cmap_unavailable')) return null;
  const summaries = report.pages.filter((p) => garbled.includes(p.number));
  const glyphs = summaries.reduce((sum, p) => sum + (p.glyphs || 0), 0);
  const unmapped = summaries.reduce((sum, p) => sum + (p.unmapped || 0), 0);
  // A lost font's glyphs count as bad but have a meaning: "N % have no known meaning" would be
  // false of them.
  const lostFonts = summaries.some((p) => p.garbled_cause === 'missing_font');
  const percent = !lostFonts && glyphs && unmapped / glyphs >= 0.01 ? unmapped / glyphs : 0;
  // The cause (a font fact) when the engine names it: grouped in its notices, or per page.
  let groups = (report.notices ?? [])
    .filter((n) => n.code === 'garbled' && n.cause && Array.isArray(n.pages))
    .map((n) => ({ key: n.cause, text: n.cause_text, pages: n.pages }));
  if (!groups.length) {
    const byCause = new Map();
    for (const p of summaries) {
      if (!p.garbled_cause) continue;
      if (!byCause.has(p.garbled_cause)) byCause.set(p.garbled_cause, []);
      byCause.get(p.garbled_cause).push(p.number);
    }
    groups = [...byCause].map(([key, pages]) => ({ key, pages }));
  }
  // Fonts lost from a cut or damaged file: OCR of that file cannot bring them back.
  const lostFontsOnly = groups.length > 0 && groups.every((g) => g.key === 'missing_font');
  if (groups.length) return ['notice_garbled_causes', { groups, percent, lostFontsOnly }];
  return ['notice_garbled', { pages: garbled, percent }];
}

export class Notices {
  constructor(ui, messages) {
    this.ui = ui;
    this.messages = messages;
  }

  /** The notices of the last document go. */
  clear() {
    const { ui, messages } = this;
    for (const el of [ui.noticeEmpty, ui.noticeGarbled, ui.noticeFailed]) messages.say(el, null);
    for (const li of ui.noticeMore.children) messages.forget(li);
    ui.noticeMore.replaceChildren();
    ui.noticeMore.hidden = true;
  }

  /** What `report` (the engine's, pdfprose.engine.web.WebSession.finish) has to say. */
  show(report) {
    const { ui, messages } = this;
    // "None of the pages has a text layer" only when none failed: pages that could not be read
    // are not scans, and the failed-pages notice names them.
    // Pages whose text is all hidden are not among empty_pages: they have a text layer, and
    // their own notice (hidden_text) says so; "probably a scan" would not be true of them.
    if (report.all_empty && !report.failed_pages.length
        && report.empty_pages.length === report.pages.length) {
      messages.say(ui.noticeEmpty, 'notice_all_empty', { pages: report.pages.length });
    } else if (report.empty_pages.length) {
      messages.say(ui.noticeEmpty, 'notice_empty', { pages: report.empty_pages.map(pageNumberOf) });
    }
    const garbled = garbledNotice(report);
    if (garbled) messages.say(ui.noticeGarbled, ...garbled);
    if (report.failed_pages.length) {
      const failed = report.failed_pages.map((f) => (typeof f === 'object' ? f : { number: f, reason: null }));
      messages.say(ui.noticeFailed, 'notice_failed', { pages: failed });
    }
    this.showOthers(report.notices ?? []);
  }

  showOthers(notices) {
    const items = [];
    for (const notice of notices) {
      if (NOTICES_SHOWN_ELSEWHERE.has(notice.code)) continue;
      const li = document.createElement('li');
      li.dataset.code = notice.code;
      const key = NOTICE_KEYS[notice.code];
      if (key) this.messages.say(li, key, { ...notice, pages: notice.pages ?? [] });
      else if (notice.message) li.textContent = notice.message;
      else continue;
      items.push(li);
    }
    this.ui.noticeMore.replaceChildren(...items);
    this.ui.noticeMore.hidden = items.length === 0;
  }
}
