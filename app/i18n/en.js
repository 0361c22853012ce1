// The page's English texts (app/i18n.js explains the form: a string with {name} placeholders, or
// a function of (params, helpers) where grammar needs more).
// Why a guard stopped a page: its limit ('part', pdfprose.pdf.guards.STOP_SENTENCES) and
// the limit's value, formatted; undefined for a limit this page does not know.
const stopped = (part, limit) => ({
  damaged_operations: `more than ${limit} of its drawing operations are damaged`,
  glyphs: `it draws more than ${limit} characters`,
  figures: `it draws more than ${limit} forms and images`,
  nested_figures: `it draws more than ${limit} forms within forms within forms`,
  figure_depth: `it nests forms more than ${limit} deep`,
  operators: `it runs more than ${limit} drawing operations`,
  operands: `it piles up more than ${limit} operands with no drawing operation to take them`,
})[part];

export default {
  doc_title: 'pdfprose: PDF to text, on your device',
  language: 'Language',
  title: 'PDF to text, on your device',
  intro:
    'pdfprose pulls the text out of a PDF and rebuilds its paragraphs, columns and headings as plain ' +
    'text or Markdown. Everything runs in this browser tab: your file is never uploaded.',
  drop_title: 'Drop PDFs or a folder here',
  drop_or: 'or',
  choose: 'Choose files',
  choose_folder: 'Choose a folder',
  drop_hint: (p, h) => `Up to ${h.limits.mb} MB and ${h.limits.pages} pages.`,
  cancel: 'Cancel',
  pages_heading: 'Pages',
  text_heading: 'Text',
  format: 'Format',
  format_txt: 'Plain text (.txt)',
  format_md: 'Markdown (.md)',
  copy: 'Copy',
  copied: 'Copied',
  copy_failed: 'Copy failed: select the text and copy it by hand',
  download: (p) => `Download .${p.ext}`,
  footer:
    'Runs on Pyodide and pdfminer.six, served by this site. No file or text leaves your device.',
  progress_label: 'Conversion progress',

  options_legend: 'Output',
  opt_join: 'Join line breaks',
  opt_remove_headers: 'Remove headers and footers',
  opt_page_markers: 'Page markers',
  opt_tables: 'Tables',
  tables_table: 'as tables',
  tables_text: 'as text',
  view_legend: 'View',
  view_source: 'Markdown',
  view_rendered: 'Preview',
  view_both: 'Both',
  output_label: 'Converted text',
  rendered_label: 'Markdown preview',
  pages_hint: 'Pick a page to jump to its text (arrow keys move between pages).',
  pages_hint_touch: 'Tap a page to jump to its text.',
  legend_title: 'What the drawings show',
  legend_columns: 'Lines of columns 1, 2, 3 and 4',
  legend_span: 'Lines across the full width',
  legend_aside: 'Columns too narrow or too short to count as text (sidebars, line numbers)',
  legend_rotated: 'Rotated or vertical text',
  legend_form: 'Form fields',
  legend_table: 'Tables, with their cells',
  legend_furniture: 'Running headers and footers (struck through when removed)',
  legend_order: 'Blocks numbered in reading order',
  legend_empty: 'No text layer',
  legend_garbled: 'Unreadable fonts',
  page_no_text: (p) => `Page ${p.number} has no text in the output.`,
  page_not_ready: 'The text appears when every page has been read.',
  options_when_read: 'The text appears when every page has been read, in the options chosen above.',
  password_label: 'Password',
  password_submit: 'Open',
  password_cancel: 'Cancel',
  password_required: (p) =>
    `${p.name} is protected with a password. Type the password to open it; it stays on this device.`,
  password_wrong: 'That password does not open this PDF. Check it (capital letters count) and try again.',
  password_empty: 'Type the password first: this PDF cannot be opened without one.',
  status_password: (p) => `Waiting for the password of ${p.name}.`,
  status_cancelling: 'Cancelling…',
  status_restarting: 'Restarting the converter…',
  error_crashed: (p) =>
    `The converter stopped unexpectedly (${p.message}). It is being restarted: try the file ` +
    'again, or another one.',
  notice_slow:
    'This file is taking unusually long: it may be damaged or built to stall readers. ' +
    'Cancel stops it; other files are not affected.',
  error_gave_up: (p) =>
    `pdfprose gave up on this file after ${p.seconds} s without progress: it may be damaged or built to ` +
    'stall readers. The converter was restarted; other files convert as usual.',
  error_memory:
    'The converter ran out of memory on this PDF. It is being restarted; a smaller file, or the ' +
    'document split into parts, should work.',
  offline_ready: 'Works offline from now on.',

  status_loading: 'Loading the converter…',
  status_loading_queued: (p) => `Loading the converter; ${p.name} starts as soon as it is ready…`,
  status_ready: 'Ready. Drop a PDF to start.',
  status_cancelled: 'Cancelled. Ready for another PDF.',
  // A Cancel in a list with files left: the way to take them up again is named.
  // (No count: a file taken out of the list after the Cancel would leave it wrong.)
  status_cancelled_rest: 'Cancelled. The list stops here: “Convert the rest” converts the files left.',
  status_opening: (p) => `Opening ${p.name}…`,
  // done: pages finished (two workers read from both ends, so no one page is 'being read').
  // The file is named (a queue reads one after another, and the status line is what says which).
  status_working: (p) => `Reading ${p.name}… ${p.done} of ${p.total} ${p.total === 1 ? 'page' : 'pages'} done.`,
  // Every page is read: the document passes and the text are left (a second or more on a long
  // document while the machine is busy).
  status_finishing: (p, h) => `Putting ${p.name} together (${h.plural(p.total, 'page', 'pages')} read)…`,
  status_done: (p, h) =>
    `Done: ${p.name ? `${p.name}, ` : ''}${h.plural(p.pages, 'page', 'pages')} in ${h.seconds(p.seconds)}.`,
  status_done_incomplete: (p, h) =>
    `Done: ${p.name ? `${p.name}, ` : ''}${h.plural(p.pages, 'page', 'pages')} in ${h.seconds(p.seconds)}, with characters missing (see the notice).`,
  status_done_damaged: (p, h) =>
    `Done: ${p.name ? `${p.name}, ` : ''}${h.plural(p.pages, 'page', 'pages')} in ${h.seconds(p.seconds)}, from a damaged file (see the notice).`,
  status_error: (p) => `Could not convert ${p.name}.`,
  seconds_under: 'under {tenth} s',
  // The end of a list of files: the shown file's own status, then what became of them all.
  status_queue_end: (p, h) =>
    `${p.file ? `${h.message(...p.file)} ` : ''}List finished: ${h.message('queue_summary', p)}`,
  status_boot_error: 'The converter could not start.',

  page_item: (p) => `Page ${p.number}`,
  columns: (p, h) => h.plural(p.columns, 'column', 'columns'),
  tables_count: (p, h) => h.plural(p.tables, 'table', 'tables'),
  badge_empty: 'empty',
  badge_garbled: 'garbled',
  badge_failed: 'failed',

  note_deduced:
    'Structure (headings, paragraphs, lists and reading order) was deduced from the layout of the ' +
    'pages: check anything important against the PDF.',
  notice_empty: (p, h) =>
    `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)} ` +
    `${p.pages.length === 1 ? 'has' : 'have'} no text layer: probably scanned images or text ` +
    'drawn as outlines. Run OCR on the PDF (for example with OCRmyPDF) to get that text.',
  notice_all_empty: (p, h) =>
    `${p.pages === 1 ? 'The page has no text layer' : `None of the ${p.pages} pages has a text layer`}: this PDF ` +
    'is probably a scan, so there is no text to extract. Run OCR on it (for example with ' +
    'OCRmyPDF) and try again.',
  notice_garbled: (p, h) =>
    `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)} ` +
    `${p.pages.length === 1 ? 'uses fonts' : 'use fonts'} whose characters cannot be identified` +
    (p.percent ? ` (${h.percent(p.percent)} of ${p.pages.length === 1 ? 'its' : 'their'} characters have no known meaning)` : '') +
    ', so that text is unreliable. Run OCR on the PDF (for example OCRmyPDF with --force-ocr) ' +
    'to get readable text from those pages.',
  notice_failed: (p, h) =>
    `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages.map((f) => f.number))} could not be read and ` +
    `${p.pages.length === 1 ? 'is' : 'are'} missing from the text: ` +
    h.reasons(p.pages, (n) => `page ${n}`) + '.',
  list_more: (p) => `${p.count} more`,
  reason_content_missing: 'its content is missing from the file (cut short or damaged)',
  reason_page_box: 'its page size cannot be read',
  reason_internal: 'an internal error of pdfprose',
  reason_damaged_page: 'no text could be read from this page of the damaged file',
  reason_content_missing_many: 'their content is missing from the file (cut short or damaged)',
  reason_page_box_many: 'their page size cannot be read',
  reason_damaged_page_many: 'no text could be read from these pages of the damaged file',
  // A page a guard stopped before it drew anything: which limit, as the engine words it
  // (pdfprose.engine.notices.page_reason); undefined for a limit the page does not know.
  reason_stopped: (p, h) => {
    const why = stopped(p.part, h.figure(p.limit));
    return why && `its content could not be read: ${why} (a damaged or hostile file)`;
  },
  reason_content_cut: "its text was lost: its content was cut at the file's decompression limit (a damaged or hostile file, not a scan)",
  reason_content_cut_many: "their text was lost: their content was cut at the file's decompression limit (a damaged or hostile file, not a scan)",
  notice_cmap_unavailable:
    "The character data for this document's Chinese, Japanese or Korean fonts could not be loaded " +
    '(is the connection off?): their characters are missing. Connect to the internet and convert it again; ' +
    'the data is then kept for offline use.',

  limit_size: (p, h) =>
    `This file is ${h.decimal(p.mb)} MB; the limit is ${p.limit} MB. ` +
    'Split or compress it, then try again.',
  limit_pages: (p) =>
    `This PDF has ${p.pages} pages; the limit is ${p.limit} pages. ` +
    'Split it into smaller files, then try again.',

  error_not_pdf: 'This file is not a PDF (it has no %PDF- header).',
  error_empty_file: 'This file is empty (0 bytes): there is nothing to convert.',
  notice_not_a_file: 'That was text or a link, not a file: nothing is fetched from the web here. Save the PDF, then drop the file.',
  // A file of which every page failed (the command line's code unreadable).
  error_no_page_read: (p, h) => `No page could be read (${h.reasons(p.pages, (n) => `page ${n}`)}).`,
  error_unreadable: 'This PDF is damaged and could not be read.',
  error_no_pages: 'This PDF has no pages: there is nothing in it to convert.',
  page_marker_word: 'page',

  error_truncated: 'This PDF is cut short (perhaps it did not finish downloading) and nothing in it could be read.',
  error_unsupported_encryption: (p) =>
    `This PDF is encrypted with a method pdfprose cannot open${p.method ? ` (${p.method})` : ''}.`,
  cause_type3_no_unicode: 'Type3 fonts that carry no Unicode meaning',
  cause_no_tounicode: 'fonts without a ToUnicode map, whose characters cannot be identified',
  cause_no_usable_encoding: 'font subsets without a usable character encoding',
  cause_broken_tounicode: 'fonts whose ToUnicode maps are incomplete or broken',
  cause_shifted_encoding: 'fonts that map characters to the wrong codes (their letters read shifted along the alphabet, so they are shown as \uFFFD)',
  cause_missing_font: 'fonts whose definitions are missing from the file (it is cut short or damaged), so letters and spaces are out of place',
  cause_unmapped: 'characters without Unicode meaning',
  notice_garbled_causes: (p, h) =>
    p.groups
      .map((g) => `${g.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(g.pages)} ${g.pages.length === 1 ? 'uses' : 'use'} ${h.causes([g])}. `)
      .join('') +
    (p.percent ? `${h.percent(p.percent)} of the characters on ${h.those(p, 'that page', 'those pages')} have no known meaning. ` : '') +
    (p.lostFontsOnly
      ? `That text is unreliable: get a complete copy of the PDF (download it again) to read ${h.those(p, 'that page', 'those pages')}.`
      : 'That text is unreliable: run OCR on the PDF (for example OCRmyPDF with --force-ocr) to get ' +
        `readable text from ${h.those(p, 'that page', 'those pages')}.`),
  notice_damaged: (p, h) =>
    `This PDF is damaged${p.truncated ? ' (the file is cut short)' : ''}: ` +
    (p.readable != null && p.readable < p.recovered
      ? (p.expected > p.recovered ? `${p.recovered} of its ${p.expected} pages ${p.recovered === 1 ? 'was' : 'were'} found, ${p.readable} of them could be read.`
        : p.recovered === 1 ? '1 page was found, but it could not be read.'
          : `${p.recovered} pages were found, ${p.readable} of them could be read.`)
      : p.expected > p.recovered ? `${p.recovered} of its ${p.expected} pages could be recovered.`
        : `${h.plural(p.recovered, 'page', 'pages')} could be recovered.`) +
    ' The text may be incomplete.',
  // A page's damaged content, by how (the engine's 'kind'); for a page a guard stopped, which limit
  // ('part', pdfprose.pdf.guards.STOP_SENTENCES) and its value, else the engine's own words.
  notice_content_damaged: (p, h) => {
    const page = p.pages[0];
    if (p.kind === 'stopped') {
      const limit = h.figure(p.values?.limit);
      const why = stopped(p.part, limit) ?? p.reason;
      if (why) return `Page ${page} was cut short: ${why} (a damaged or hostile file); the text before that point was kept.`;
    }
    if (p.kind === 'broken') return `Page ${page}: the content stream is damaged${p.reason ? ` (${p.reason})` : ''}; the text before the damage was kept.`;
    if (p.kind === 'corrupted') {
      return `Page ${page}: the content stream is damaged (its compressed data is corrupted); the text before the damage was kept.`;
    }
    if (p.kind === 'skipped') {
      return p.pages.length === 1
        ? `Page ${page}: some of its drawing operations are damaged and were skipped; the rest of the page was read.`
        : `Pages ${h.list(p.pages)} have damaged drawing operations that were skipped; the rest of each page was read.`;
    }
    return `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)}: the content is damaged; ` +
      'the text before the damage was kept.';
  },
  notice_copy_restricted:
    "The document's permissions ask readers not to copy its text; pdfprose extracts it for your own use.",
  notice_hidden_text: (p, h) =>
    `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)} ` +
    `${p.pages.length === 1 ? 'draws all of its' : 'draw all of their'} text where a reader cannot see it ` +
    "(invisible, in its background's colour, or off the page) and " +
    `${p.pages.length === 1 ? 'draws' : 'draw'} no image: ` +
    `${h.plural(p.count, 'character was', 'characters were')} left out as hidden text. ` +
    'This is no scan: the text is in the file, drawn so that it does not show.',
  notice_unmapped_glyphs: (p, h) =>
    `${h.plural(p.count, 'character', 'characters')} on ` +
    `${p.pages.length === 1 ? 'page' : 'pages'} ${h.list(p.pages)} ` +
    `${p.count === 1 ? 'has' : 'have'} no Unicode meaning in ${p.count === 1 ? 'its font' : 'their fonts'} ` +
    `and ${p.count === 1 ? 'is' : 'are'} shown as \uFFFD: check ${p.count === 1 ? 'it' : 'those symbols'} against the PDF.`,
  // A read budget that ran out (pdfprose.budgets.ReadBudgets): the part it hit, with the figures
  // the engine formatted ('values'); a part this page does not know is said in the engine's words.
  notice_limit_reached: (p) => {
    const v = p.values ?? {};
    const said = {
      reference_loop: 'some of its objects refer to themselves in a loop; they were read as empty (a damaged or hostile file)',
      page_labels: 'its page labels loop or never end; they were left out',
      nesting: `some of its arrays or dictionaries nest more than ${v.limit} levels deep; what lies deeper was read as empty (a damaged or hostile file)`,
      stream_size: `a stream inflates past what the whole file may decompress to (${v.limit}); it was cut there and the text after that point is lost`,
      fonts: `${v.count} of its fonts ${v.count === 1 ? 'maps or sizes' : 'map or size'} more codes than a font can address; the extra codes were left out`,
      font_nesting: `${v.count} of its fonts ${v.count === 1 ? 'nests' : 'nest'} arrays or dictionaries more than ${v.limit} levels deep in their character maps or programs; what lies deeper was left out (a damaged or hostile file)`,
      graphics_states: `it saves more graphics states than ${v.limit} without restoring them; ${v.count} ${v.count === 1 ? 'was' : 'were'} ignored`,
      annotations: `it has ${v.count} annotations; only the first ${v.limit} were drawn`,
      shapes: `it draws more than ${v.limit} lines and boxes; tables were looked for among the first ${v.limit} (${v.count} more not kept)`,
      page_box: `its page size (MediaBox) is not a size (${v.box}); ${v.used} was used instead`,
    }[p.part];
    if (!said) return p.message ?? '';
    return `${p.pages.length ? `Page ${p.pages[0]}` : 'The file'}: ${said}.`;
  },
  notice_repaired: (p) =>
    `The file: ${p.count} of its streams declared a wrong length; ${p.count === 1 ? 'it was' : 'each was'} read up to its 'endstream' instead.`,
  notice_internal:
    'Headings, lists and running headers could not be found (an internal error); the text is given without them.',
  error_read_failed: 'The file could not be read from your device.',
  error_internal: (p) => `Something went wrong while converting this PDF (${p.message}).`,
  error_boot: (p) => `The converter could not start (${p.message}). Choose a PDF again, or reload the page, to try again.`,

  queue_heading: 'Files',
  queue_summary: (p) =>
    `${p.done} of ${p.total} converted` + (p.noText ? ` (${p.noText} with no text layer)` : '') + (p.failed ? `, ${p.failed} failed` : '') + (p.skipped ? `, ${p.skipped} skipped` : '') +
    (p.cancelled ? `, ${p.cancelled} cancelled` : '') + (p.waiting ? `, ${p.waiting} waiting` : '') + '.',
  // A file converted with pages missing is no plain success: the summary names it and its pages.
  queue_partial: (p, h) =>
    `${p.name} was converted in part: ${p.pages.length === 1 ? 'page' : 'pages'} ${h.list(p.pages)} could not be read.`,
  queue_waiting: 'Waiting',
  queue_opening: 'Opening…',
  queue_working: (p) => `Converting: ${p.done} of ${p.total} ${p.total === 1 ? 'page' : 'pages'}`,
  queue_password: 'Waiting for its password',
  queue_done: (p, h) =>
    `Done: ${p.name ? `${p.name}, ` : ''}${h.plural(p.pages, 'page', 'pages')}` + (p.empty ? ', no text to read' : '') +
    (p.notices ? `, ${h.plural(p.notices, 'notice', 'notices')}` : ''),
  queue_failed: 'Failed',
  error_password_skipped: 'This PDF is protected by a password and none was given: it was skipped.',
  queue_skipped: 'Skipped (no password)',
  queue_cancelled: 'Cancelled',
  queue_remove: (p) => `Remove ${p.name} from the list`,
  queue_resume: 'Convert the rest',
  queue_clear: 'Clear the list',
  download_all: 'Download all (.zip)',
  download_all_wait: 'Download all is offered when the list is finished; Cancel stops the list, to take the texts done so far.',
  zip_name: (p) => (p.folder ? `${p.folder} - texts.zip` : 'pdfprose texts.zip'),
  password_skip: 'Skip this file',
  notice_duplicate: (p) => (p.count === 1
    ? `${p.name} is in the list already (same name, size and date): it was not added again.`
    : `${p.count} files are in the list already (same name, size and date): they were not added again.`),
  notice_no_pdf: 'There is no PDF in that folder.',
};
