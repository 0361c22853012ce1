// How files come in: the file chooser (several files at once; Enter opens it, as Space does),
// the folder chooser, and drops anywhere on the page (files, or folders searched recursively for
// their PDFs). What comes is handed to `take` as [{file, path}] (path: the file's place in the
// folder brought, or its name); a drop that brings no file (text or a link) is said as such and
// fetches nothing. A folder's hidden files (any part of the path below it starting with '.') are
// left out, as the command line leaves them (archive.js, hiddenInFolder).

import { hiddenInFolder, nameOrder } from './archive.js';

export function looksLikePdf(file) {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/** Folder files in the order a file manager lists them ('2.pdf' before '10.pdf'); names equal
 * but for case in nameOrder ('a.pdf' before 'A.PDF'), never in the browser's own order. */
export function byPath(a, b) {
  return a.path.localeCompare(b.path, undefined, { numeric: true, sensitivity: 'base' })
    || nameOrder(a.path, b.path);
}

/** The PDFs of a folder brought, [{file, path}], without its hidden files, in byPath order. */
export function folderPdfs(items) {
  return items.filter(({ file, path }) => looksLikePdf(file) && !hiddenInFolder(path)).sort(byPath);
}

/** The PDFs under a dropped folder (a FileSystemDirectoryEntry), at any depth. */
async function pdfsUnder(directory) {
  const found = [];
  const pending = [directory];
  while (pending.length) {
    const reader = pending.pop().createReader();
    // readEntries gives a folder's entries in batches (100 in Chromium) until an empty one.
    for (;;) {
      const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) break;
      for (const entry of batch) {
        // A hidden folder is not opened: none of its files would be taken.
        if (entry.isDirectory) {
          if (!entry.name.startsWith('.')) pending.push(entry);
        } else if (/\.pdf$/i.test(entry.name)) {
          const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
          found.push({ file, path: entry.fullPath.replace(/^\//, '') });
        }
      }
    }
  }
  return folderPdfs(found);
}

/**
 * @param {(items: Array<{file: File, path: string}>) => void} take
 * @param {() => void} noFile a drop brought text or a link, not a file
 * @param {() => void} noPdf a folder brought no PDF
 */
export function wireIntake(ui, take, noFile, noPdf) {
  // The chooser opens on Enter as on Space (Chromium's file input opens on Space only).
  ui.fileInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      ui.fileInput.click();
    }
  });
  ui.fileInput.addEventListener('change', () => {
    take([...ui.fileInput.files].map((file) => ({ file, path: file.name })));
    ui.fileInput.value = ''; // picking the same file again must still fire 'change'
  });
  ui.folderInput.addEventListener('change', () => {
    // A folder's files, all of them: only its PDFs are taken.
    const items = folderPdfs([...ui.folderInput.files]
      .map((file) => ({ file, path: file.webkitRelativePath || file.name })));
    ui.folderInput.value = '';
    if (items.length) take(items);
    else noPdf();
  });
  // Drops anywhere on the page count: a missed drop zone must not open the PDF in the tab.
  window.addEventListener('dragover', (event) => {
    event.preventDefault();
    ui.dropZone.classList.add('dragging');
  });
  window.addEventListener('dragleave', (event) => {
    if (!event.relatedTarget) ui.dropZone.classList.remove('dragging');
  });
  window.addEventListener('drop', async (event) => {
    event.preventDefault();
    ui.dropZone.classList.remove('dragging');
    const transfer = event.dataTransfer;
    const files = [...(transfer?.files ?? [])];
    if (!files.length && transfer?.types?.length) {
      noFile(); // text or a link (from another tab, or the page's own text): nothing is fetched
      return;
    }
    // The entries must be asked for now: the drop's items are gone once this handler returns.
    const entries = [...(transfer?.items ?? [])].filter((item) => item.kind === 'file')
      .map((item) => item.webkitGetAsEntry?.() ?? null);
    if (!entries.some((entry) => entry?.isDirectory)) {
      // Loose files, all of them: one that is not a PDF is said so in the queue.
      if (files.length) take(files.map((file) => ({ file, path: file.name })));
      return;
    }
    const items = [];
    for (const [index, entry] of entries.entries()) {
      if (entry?.isDirectory) items.push(...await pdfsUnder(entry));
      else if (files[index]) items.push({ file: files[index], path: files[index].name });
    }
    if (items.length) take(items);
    else noPdf();
  });
}
