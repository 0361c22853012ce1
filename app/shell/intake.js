// How files come in: the file chooser (Enter opens it, as Space does) and drops anywhere on the
// page. Each file becomes a request ({file, password, dropNotice}) handed to `take`; a drop that
// brings no file (text or a link) is said as such and fetches nothing.

function looksLikePdf(file) {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/**
 * @param {(request: {file: File, password?: string, dropNotice?: Array}) => void} take
 * @param {() => void} noFile a drop brought text or a link, not a file
 */
export function wireIntake(ui, take, noFile) {
  // The chooser opens on Enter as on Space (Chromium's file input opens on Space only).
  ui.fileInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      ui.fileInput.click();
    }
  });
  ui.fileInput.addEventListener('change', () => {
    take({ file: ui.fileInput.files[0] });
    ui.fileInput.value = ''; // picking the same file again must still fire 'change'
  });
  // Drops anywhere on the page count: a missed drop zone must not open the PDF in the tab.
  window.addEventListener('dragover', (event) => {
    event.preventDefault();
    ui.dropZone.classList.add('dragging');
  });
  window.addEventListener('dragleave', (event) => {
    if (!event.relatedTarget) ui.dropZone.classList.remove('dragging');
  });
  window.addEventListener('drop', (event) => {
    event.preventDefault();
    ui.dropZone.classList.remove('dragging');
    const files = event.dataTransfer?.files ?? [];
    if (!files.length && event.dataTransfer?.types?.length) {
      noFile(); // text or a link (from another tab, or the page's own text): nothing is fetched
      return;
    }
    // Of several files the first PDF is taken (a drop of notes and a paper converted the notes
    // and said "not a PDF"); with none that looks like one, the first, which says why not.
    const chosen = [...files].find(looksLikePdf) ?? files[0];
    if (!chosen) return;
    take({
      file: chosen,
      dropNotice: files.length > 1 ? ['notice_one_file', { count: files.length, name: chosen.name }] : null,
    });
  });
}
