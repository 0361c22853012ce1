// "Download all": one .zip of a queue's texts, each named after its PDF, and report.json of
// every file (pages, notices, errors). Built in the page by fflate (npm, vendored into
// static/vendor/fflate.mjs by scripts/vendor_web.py), loaded the first time it is needed.

const REPORT_NAME = 'report.json';

/** The name of a PDF's text: its folder path and extension go ('thesis/refs/a.pdf' -> 'a'). */
export function baseName(name) {
  const last = String(name).split(/[\\/]/).pop();
  return last.replace(/\.(pdf|txt|md|markdown)$/i, '') || 'document';
}

/** The folders every path of `paths` starts with ('refs/' for 'refs/a.pdf' and 'refs/sub/b.pdf';
 * '' when one of them has no folder): said once, not on every row. */
export function sharedFolder(paths) {
  if (paths.length < 2) return '';
  let shared = paths[0].slice(0, paths[0].lastIndexOf('/') + 1);
  for (const path of paths) {
    while (shared && !path.startsWith(shared)) shared = shared.slice(0, shared.lastIndexOf('/', shared.length - 2) + 1);
  }
  return shared;
}

/** `path` as a case-insensitive file system may take it: upper-cased, then lower-cased ('Straße'
 * and 'STRASSE' alike), as the command line's pdfprose.batch.sources.fold computes it. */
export function foldName(path) {
  return String(path).toUpperCase().toLowerCase();
}

/** Strings compared by code point, as Python compares them (not by UTF-16 unit). */
function codePointOrder(a, b) {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const difference = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (difference) return difference;
  }
  return x.length - y.length;
}

/**
 * The order in which files are named, whatever order the browser lists them in: by the path
 * folded, then, between paths that fold alike, by the exact path from the highest code point
 * down, so lower case comes first ('x.pdf' before 'x.PDF', which gives 'x.txt' and 'x-2.txt').
 * The command line's rule (pdfprose.batch.sources.name_order), so that one folder gets the same
 * names both ways.
 */
export function nameOrder(a, b) {
  return codePointOrder(foldName(a), foldName(b)) || codePointOrder(String(b), String(a));
}

/** Whether a file of a folder brought is hidden in it: a part of its path below that folder
 * ('d/.secret.pdf', 'd/.cache/a.pdf'; the first part is the folder) starts with '.'. The command
 * line skips the same (pdfprose.batch.sources.hidden_below). */
export function hiddenInFolder(path) {
  return String(path).split('/').slice(1).some((part) => part.startsWith('.'));
}

/**
 * `base.ext` made unique among `taken` (a Set of folded names, updated): called in nameOrder, a.pdf
 * and A.PDF give a.txt and A-2.txt, the command line's rule for a batch's texts
 * (pdfprose.batch.sources.plan), so that one folder gives the same names both ways. Case is
 * ignored because the file systems most zips are opened on ignore it.
 */
export function uniqueName(base, ext, taken) {
  let name = `${base}.${ext}`;
  for (let n = 2; taken.has(foldName(name)) || foldName(name) === REPORT_NAME; n += 1) {
    name = `${base}-${n}.${ext}`;
  }
  taken.add(foldName(name));
  return name;
}

/**
 * What goes in the zip: [{name, text}] for every converted file (in queue order), and the
 * report of every file, converted or not. A text keeps its PDF's place below the folder all
 * the files share ('refs/2024/a.pdf' and 'refs/2025/a.pdf' give '2024/a.txt' and
 * '2025/a.txt': two invoices of one name, told apart as in the folder brought). `entries` are the queue's (app/shell/queue.js):
 * {name, path, state, text, format, pages, seconds, emptyPages, garbledPages, failedPages,
 * noText, notices, engineNotices (the engine's notice objects), error}. A file with nothing to
 * read (all pages empty) has no text.
 */
export function archiveContents(entries, generatedAt = new Date()) {
  const taken = new Set();
  const texts = [];
  const shared = sharedFolder(entries.map((entry) => entry.path || entry.name));
  const relatives = entries.map((entry) => (entry.path || entry.name).slice(shared.length));
  // Every file takes its name, converted or not, in nameOrder (not the list's order), as the
  // command line names every input before converting any.
  const names = new Array(entries.length);
  const order = entries.map((_, index) => index)
    .sort((i, j) => nameOrder(relatives[i], relatives[j]) || i - j);
  for (const index of order) {
    const relative = relatives[index];
    const folder = relative.slice(0, relative.lastIndexOf('/') + 1);
    const ext = entries[index].format === 'md' ? 'md' : 'txt';
    names[index] = uniqueName(folder + baseName(relative), ext, taken);
  }
  const files = entries.map((entry, index) => {
    let output = null;
    if (entry.state === 'done' && typeof entry.text === 'string' && entry.text !== '') {
      output = names[index];
      texts.push({ name: output, text: entry.text });
    }
    return {
      name: entry.name,
      path: entry.path || entry.name,
      status: entry.state,
      // Why there is no text, as the command line's manifest says it: a scan converted with no
      // text layer ('no_text'), or a failure's code.
      code: entry.state === 'done' ? (entry.noText ? 'no_text' : null) : (entry.error?.code ?? null),
      output,
      format: output ? entry.format : null,
      pages: entry.pages ?? null,
      seconds: entry.seconds ?? null,
      empty_pages: entry.emptyPages ?? [],
      garbled_pages: entry.garbledPages ?? [],
      failed_pages: entry.failedPages ?? [],
      notices: entry.notices ?? [],
      engine_notices: entry.engineNotices ?? [],
      error: entry.error ?? null,
    };
  });
  const counts = {};
  for (const file of files) counts[file.status] = (counts[file.status] ?? 0) + 1;
  const report = { generator: 'pdfprose', created: generatedAt.toISOString(), counts, files };
  return { texts, report };
}

/** The zip's bytes (a Uint8Array): the texts, UTF-8, and report.json. */
export async function buildZip(entries) {
  const { zipSync, strToU8 } = await import('../../static/vendor/fflate.mjs');
  const { texts, report } = archiveContents(entries);
  const tree = {};
  for (const { name, text } of texts) tree[name] = strToU8(text);
  tree[REPORT_NAME] = strToU8(`${JSON.stringify(report, null, 1)}\n`);
  // Level 6: text compresses to about a third; higher levels gain little for much more time.
  return zipSync(tree, { level: 6 });
}
