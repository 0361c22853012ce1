// Copy and Download: the text shown, exactly, on the clipboard or in a .txt or .md file named
// after the PDF.

const COPIED_MS = 2000; // how long Copy says "Copied" (or that it failed)

// The download is named after the PDF: its extension, or one of ours (a PDF saved as
// 'notes.txt' gave 'notes.txt.txt'), gives way to the format's.
function baseName(name) {
  return name.replace(/\.(pdf|txt|md|markdown)$/i, '') || 'document';
}

export class Saving {
  constructor(ui, messages) {
    this.ui = ui;
    this.messages = messages;
    this.text = '';
    this.url = null;
    this.timer = 0;
    ui.copy.addEventListener('click', () => this.copy());
  }

  /** Offer `text` (null: nothing to offer) as `fileName`'s .txt or .md. */
  offer(text, format, fileName) {
    const { ui } = this;
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = null;
    this.text = text ?? '';
    if (text === null) {
      ui.download.removeAttribute('href');
      ui.download.hidden = true;
      ui.copy.hidden = true;
      return;
    }
    const ext = format === 'md' ? 'md' : 'txt';
    const type = ext === 'md' ? 'text/markdown' : 'text/plain';
    this.url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
    ui.download.href = this.url;
    ui.download.download = `${baseName(fileName)}.${ext}`;
    this.messages.say(ui.download, 'download', { ext });
    ui.download.hidden = false;
    ui.copy.hidden = false;
  }

  async copy() {
    const { ui, messages } = this;
    let key = 'copied';
    try {
      await navigator.clipboard.writeText(this.text);
    } catch {
      key = 'copy_failed';
    }
    ui.copy.dataset.copied = String(key === 'copied');
    messages.say(ui.copy, key);
    messages.announce(key);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      delete ui.copy.dataset.copied;
      messages.say(ui.copy, 'copy');
      messages.unannounce(key);
    }, COPIED_MS);
  }
}
