// The output options as both ends of the worker protocol read them (the `options` field of
// 'convert', 'render', 'locate' and 'plan'), and the key that names one rendering of a document.

// The word of a TXT page marker, as the engine accepts it (pdfprose.options, page_word).
const PAGE_WORD = /^\p{L}(?:[\p{L} ]{0,18}\p{L})?$/u;

/** Options as the engine takes them (pdfprose.Options.from_dict), whatever came in. */
export function normalizeOptions(options = {}) {
  return {
    format: options.format === 'md' ? 'md' : 'txt',
    join_lines: options.join_lines !== false,
    remove_headers: options.remove_headers !== false,
    page_markers: options.page_markers === true,
    page_word: typeof options.page_word === 'string' && PAGE_WORD.test(options.page_word) ? options.page_word : 'page',
  };
}

/** The key of one rendering: format|join|remove|markers, and the marker's word where it is in
 * the text (TXT with page markers). */
export function optionsKey(options) {
  const o = normalizeOptions(options);
  const word = o.page_markers && o.format === 'txt' ? `|${o.page_word}` : '';
  return `${o.format}|${+o.join_lines}|${+o.remove_headers}|${+o.page_markers}${word}`;
}

/** The options one switch away from `current`, in the order people tend to try them. */
export function oneSwitchAway(current) {
  const base = normalizeOptions(current);
  return [
    { ...base, format: base.format === 'md' ? 'txt' : 'md' },
    { ...base, join_lines: !base.join_lines },
    { ...base, remove_headers: !base.remove_headers },
    { ...base, page_markers: !base.page_markers },
  ];
}
