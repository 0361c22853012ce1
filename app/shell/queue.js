// The queue of files brought together (several picked or dropped at once, or a folder): each
// file converted in turn by the controller, one at a time, its state listed (waiting,
// converting with its pages, done with its page count and notices, failed with its message,
// skipped), and "Download all" saving every text in one zip (archive.js).
//
// What is kept of a file once it is converted is its text and its report, not its analysis:
// the engine lets a document's analysis go when the next one is read, and the page's drawings
// are those of the shown file only, so a queue of fifty documents holds fifty texts, not fifty
// documents' geometry. Picking a converted file in the list reads it again to show its pages.
//
// A drop of one file while the list holds one finished file, or one asking for its password,
// replaces it (the page as it always was); files brought while one is being converted, or while
// the list holds several, join the end of it: nothing read is dropped without the reader's word.
//
// A cancelled file is not given up: "Convert the rest" converts it again with the waiting ones,
// and picking it converts it (a cancelled conversion left nothing to show).

import { t } from '../i18n.js';
import { buildZip, sharedFolder } from './archive.js';

/** True when the engine's report has no page with text because every page failed. */
function unreadable(report) {
  const failed = report?.failed_pages?.length ?? 0;
  return Boolean(report?.all_empty) && failed > 0 && failed === (report.pages?.length ?? failed);
}

/** The engine's notices of a converted file, for report.json. The engine has no notice for a
 * file without a text layer (the page words it itself: notices.js), so the notice the page
 * shows is added, in the words of the command line's batch (pdfprose.batch.outcome). */
function noTextNotices(report) {
  const notices = (report?.notices ?? []).filter((n) => n?.code);
  if (!report?.all_empty || unreadable(report)) return notices;
  const failed = report.failed_pages?.length ?? 0;
  const empty = report.empty_pages?.length ?? 0;
  const hidden = notices.find((n) => n.code === 'hidden_text');
  let message = 'no page has a text layer (a scan?): use OCR';
  if (failed) message = `no page has text: ${empty} without a text layer (a scan? use OCR), ${failed} could not be read`;
  // Text drawn invisibly is a text layer (no scan): its own notice says what was left out.
  else if (hidden && empty < (report.pages?.length ?? empty)) message = `no page has visible text: ${hidden.message}`;
  const pages = (report.empty_pages ?? []).map((p) => (typeof p === 'object' ? p.number : p));
  return [...notices, { code: 'no_text', pages, message }];
}

const FINAL = new Set(['done', 'failed', 'skipped', 'cancelled']);
// The outcomes that end a file's turn for good: a cancelled file is still to convert.
const ENDED = new Set(['done', 'failed', 'skipped']);

let nextId = 1;

/** The message [key, params] shown in the first of `elements` that shows one. */
function shownMessage(messages, elements) {
  for (const el of elements) {
    const shown = messages.shown.get(el);
    if (shown) return shown;
  }
  return null;
}

export class Queue {
  /**
   * @param parts {ui, messages, status, shown (ShownDocument)}
   * @param {(request: {file: File, password?: string}) => void} convert hands a file to the
   *   controller, which answers with settle()
   * @param {(announce: boolean) => void} cancel stops the file being converted
   */
  constructor(parts, convert, cancel) {
    Object.assign(this, parts);
    this.convert = convert;
    this.cancelCurrent = cancel;
    this.entries = [];
    this.current = null; // the entry the controller is converting, or asking a password for
    this.shownEntry = null; // the entry whose result the page shows
    this.viewRequest = null; // a converted entry picked while another was converting
    this.running = false;
    this.removing = null; // the entry whose conversion was cancelled because it was removed
    this.deferring = null; // the entry put back to the end of the queue for its password
    this.closing = false; // the last converted file is being shown again as the queue ends
    this.converted = 0; // files converted so far, to tell the last converted one
    const { ui } = this;
    ui.queueList.addEventListener('click', (event) => {
      const li = event.target.closest('li[data-id]');
      if (!li) return;
      const entry = this.entries.find((e) => e.id === Number(li.dataset.id));
      if (!entry) return;
      if (event.target.closest('button.queue-remove')) this.remove(entry);
      else if (event.target.closest('button.queue-file')) this.pick(entry);
    });
    ui.downloadAll.addEventListener('click', () => this.downloadAll());
    ui.queueClear.addEventListener('click', () => this.clear());
    ui.queueResume.addEventListener('click', () => this.run());
  }

  get size() {
    return this.entries.length;
  }

  /** Files left to convert (waiting, or cancelled), which "Convert the rest" takes up; none in
   * a list of one, which is not shown. */
  get rest() {
    if (this.entries.length < 2) return 0;
    return this.entries.filter((e) => e.state === 'waiting' || e.state === 'cancelled').length;
  }

  /** A file is being converted, or waits for its password. */
  get busy() {
    return Boolean(this.current && !FINAL.has(this.current.state));
  }

  /** Files brought together ([{file, path}]): they replace a list of one finished file, or of
   * one waiting for its password (nothing of it was read: choosing another file answers the
   * prompt, as the page always did), or join the list (a file brought while another is read
   * waits its turn, the other goes on). */
  add(items) {
    if (!items.length) return;
    if (this.entries.length <= 1 && (!this.busy || this.current.state === 'password')) {
      if (this.busy) {
        this.removing = this.current;
        this.cancelCurrent(false);
      }
      this.entries = [];
      this.current = null;
      this.shownEntry = null;
      this.viewRequest = null;
    }
    // A file already in the list (same name, size and time of change: the same file chosen
    // again, or the same folder dropped twice) is not converted twice; the reader is told. A
    // folder's file is known by its place in the folder brought (two copies in two subfolders
    // are two files); a file chosen loose, which has no place, by its name alone, so one
    // chosen after its folder was brought is the same file (README).
    const sameFile = ({ file }) => `${file.size}\u0000${file.lastModified}`;
    const byPlace = (item) => `${item.path || item.file.name}\u0000${sameFile(item)}`;
    const byName = (item) => `${item.file.name}\u0000${sameFile(item)}`;
    const loose = (item) => !(item.path || item.file.name).includes('/');
    const places = new Set(this.entries.map(byPlace));
    const names = new Set(this.entries.map(byName));
    const fresh = [];
    for (const item of items) {
      if (places.has(byPlace(item)) || (loose(item) && names.has(byName(item)))) continue;
      places.add(byPlace(item));
      names.add(byName(item));
      fresh.push(item);
    }
    const repeated = items.length - fresh.length;
    const notice = repeated
      ? ['notice_duplicate', { count: repeated, name: items.find((i) => !fresh.includes(i)).file.name }] : null;
    // Said now; a file started now clears the page's notices, so it says it again with its own.
    if (notice) this.messages.say(this.ui.noticeDrop, ...notice);
    if (!fresh.length) return;
    items = fresh;
    // A file brought on its own is one the reader wants to read: its text is shown when it is
    // done, wherever it stands in the list (app.js); a folder's files are not each jumped to.
    const alone = items.length === 1;
    // Files brought are converted, even while a converted file is read again to be shown.
    this.running = true;
    this.closing = false;
    for (const { file, path } of items) {
      this.entries.push({ id: nextId++, file, name: file.name, path: path || file.name, state: 'waiting', done: 0, total: 0, alone });
    }
    this.render();
    if (!this.busy) this.next(notice);
  }

  /** "Convert the rest": the waiting files and those whose conversion was cancelled, from the
   * first. */
  run() {
    for (const entry of this.entries) {
      if (entry.state === 'cancelled') entry.state = 'waiting';
    }
    this.running = true;
    this.next();
  }

  /** @param dropNotice [key, params] the files' arrival has to say, shown with the next file */
  next(dropNotice = null) {
    if (this.current && !FINAL.has(this.current.state)) return; // one at a time
    const view = this.viewRequest;
    this.viewRequest = null;
    // Files put back for their password come last (settle), then are asked for it.
    const waiting = this.entries.filter((e) => e.state === 'waiting');
    const entry = view ?? (this.running ? (waiting.find((e) => !e.deferred) ?? waiting[0]) : null);
    if (entry?.deferred) entry.asked = true;
    if (!entry) {
      // The queue ran out of files (not a Cancel: that stops it with files left to convert).
      const ran = this.running || this.closing;
      this.running = false;
      this.closing = false;
      this.current = null;
      this.render();
      if (ran) this.end();
      return;
    }
    this.current = entry;
    this.shownEntry = entry;
    // A converted or failed file is read again to be shown; one that was cancelled or skipped
    // has nothing to show and is converted now, its outcome kept as any other's.
    entry.viewing = Boolean(view) && (entry.state === 'done' || entry.state === 'failed');
    if (!entry.viewing) entry.state = 'working';
    entry.done = 0;
    this.render();
    this.convert({ file: entry.file, dropNotice });
  }

  /** The controller's word on the current file: {state: 'working'|'password'|'done'|'failed'|
   * 'skipped'|'cancelled', ...}. */
  settle(outcome) {
    const entry = this.current;
    if (!entry) return;
    if (outcome.state === 'progress') {
      if (entry.state === 'password') entry.state = 'working'; // its password opened it
      entry.done = outcome.done;
      entry.total = outcome.total;
      if (!entry.viewing) this.renderEntry(entry);
      return;
    }
    if (outcome.state === 'password' && !entry.asked && !entry.viewing
        && this.entries.some((e) => e !== entry && e.state === 'waiting' && !e.deferred)) {
      // A file that needs its password waits for the end of the queue: the others are
      // converted first, so a batch left alone is not held up by one question (a new user came
      // back to a folder of which nothing was converted: its locked file came first by name).
      entry.deferred = true;
      this.deferring = entry;
      this.cancelCurrent(false); // answered by settle({state: 'cancelled'}), below
      return;
    }
    if (outcome.state === 'cancelled' && this.deferring === entry) {
      this.deferring = null;
      entry.state = 'waiting';
      this.current = null; // no file is being read: next() takes the next one
      this.render();
      this.afterSettle();
      return;
    }
    if (outcome.state === 'password') {
      // In a queue, giving the password up skips this file and goes on with the next.
      this.messages.say(this.ui.passwordCancel, this.entries.length > 1 ? 'password_skip' : 'password_cancel');
      entry.state = 'password';
      this.renderEntry(entry);
      return;
    }
    if (entry.viewing && outcome.state !== 'password') {
      // A file read again to be shown: what it became the first time stands (a cancelled
      // showing does not undo its conversion), except that Cancel still stops the queue.
      entry.viewing = false;
      if (outcome.state === 'cancelled' && this.removing !== entry) this.running = false;
      if (this.removing === entry) this.removing = null;
      this.render();
      this.afterSettle();
      return;
    }
    entry.viewing = false;
    if (outcome.state === 'done') this.keep(entry, outcome);
    else if (outcome.state === 'failed') {
      const message = outcome.message ?? shownMessage(this.messages, [this.ui.noticeLimit, this.ui.error]);
      entry.state = 'failed';
      entry.message = message;
      const [key, params] = message ?? ['error_internal', { message: 'unknown' }];
      entry.error = { code: key.replace(/^(error|limit)_/, ''), message: t(key, params) };
    } else if (outcome.state === 'skipped') {
      // Skipped at its password prompt (controller.givePasswordUp), the one way a file is
      // skipped: report.json says why, as the command line's batch does.
      entry.state = 'skipped';
      entry.error = { code: 'password_required', message: t('error_password_skipped') };
    } else if (outcome.state === 'cancelled') {
      const removed = this.removing === entry;
      this.removing = null;
      entry.state = 'cancelled';
      // Cancel stops the queue; a removal only takes that file out of it.
      if (!removed) this.running = false;
    }
    this.render();
    this.afterSettle();
  }

  /** Every file has its outcome: however the last one ended (converted, failed, skipped at its
   * password prompt, taken out), the page shows the last converted file's text, and the status
   * says it with the queue's summary. A new user's folder ended on a skipped file with
   * "Cancelled." and no text, and one ending on a file over the limits with that file's
   * failure alone, though other files had converted. */
  end() {
    const { entries } = this;
    if (entries.length < 2 || !entries.every((e) => ENDED.has(e.state))) return;
    const converted = entries.filter((e) => e.state === 'done');
    const shown = this.shownEntry;
    if (converted.length && shown?.state !== 'done' && !this.closing) {
      // Read again, as a pick would (the page keeps no file's analysis but the shown one's).
      this.closing = true;
      this.viewRequest = converted.reduce((a, b) => (b.converted > a.converted ? b : a));
      this.next();
      return;
    }
    // An engine still stopping a file taken out says when it is ready; the summary is in the list.
    const { state } = this.status;
    if (!['done', 'error', 'ready'].includes(state)) return;
    // The shown file's own status (its pages, its time, a damaged file's warning, why it failed)
    // stays first; "Cancelled." of a file skipped at its password prompt does not.
    let said = this.messages.shown.get(this.ui.status) ?? null;
    if (said?.[0] === 'status_queue_end') said = said[1].file;
    this.status.set(state, 'status_queue_end', { file: state === 'ready' ? null : said, ...this.counts() });
  }

  /** How many files are in each state, as the summary says them. */
  counts() {
    const count = (state) => this.entries.filter((e) => e.state === state).length;
    return {
      total: this.entries.length, done: count('done'), failed: count('failed'), skipped: count('skipped'),
      cancelled: count('cancelled'), waiting: count('waiting') + count('password'),
      // Converted without a text layer (scans): named, as the command line's batch names them.
      noText: this.entries.filter((e) => e.state === 'done' && e.noText).length,
    };
  }

  afterSettle() {
    // After the controller has finished with this message (the next file resets the page).
    setTimeout(() => this.next(), 0);
  }

  /** The text and report of a converted file; nothing of its analysis. */
  keep(entry, { text, format, pages, seconds, report, notices }) {
    const numbers = (list) => (list ?? []).map((p) => (typeof p === 'object' ? p.number : p));
    this.converted += 1;
    Object.assign(entry, {
      state: 'done',
      converted: this.converted,
      text: report?.all_empty ? '' : text,
      format,
      pages,
      seconds,
      emptyPages: numbers(report?.empty_pages),
      garbledPages: numbers(report?.garbled_pages),
      failedPages: numbers(report?.failed_pages),
      // No page with text, not every page failed: converted without a text layer (a scan, or a
      // scan with pages that could not be read), the command line's code no_text.
      noText: Boolean(report?.all_empty) && !unreadable(report),
      // The engine's notices whole (code, kind, reason, figures, its English message), for
      // report.json: a code alone did not say why a page was cut short.
      engineNotices: noTextNotices(report),
      notices,
      error: null, // a file skipped at its password prompt, then picked and opened
    });
    if (unreadable(report)) {
      // Every page failed: the file failed, code unreadable, as in the command line's batch
      // (pdfprose.batch.outcome): it was "done" here and failed there. The page still shows
      // its notices when it is picked.
      entry.state = 'failed';
      entry.message = ['error_no_page_read', { pages: report.failed_pages }];
      entry.error = { code: 'unreadable', message: t(...entry.message) };
    }
  }

  /** The shown file's text changed with the options: the zip gives what the page shows. */
  rendered(text, format) {
    const entry = this.shownEntry;
    if (entry?.state === 'done' && entry.text) Object.assign(entry, { text, format });
  }

  pick(entry) {
    if (entry === this.current && !FINAL.has(entry.state)) return; // it is being shown
    if (entry.state === 'waiting') return;
    this.closing = false; // the reader's pick is shown, not the list's end
    this.viewRequest = entry;
    if (!this.busy) this.next();
    else this.render();
  }

  remove(entry) {
    this.entries = this.entries.filter((e) => e !== entry);
    if (this.viewRequest === entry) this.viewRequest = null;
    if (entry === this.current && !FINAL.has(entry.state)) {
      this.removing = entry;
      this.cancelCurrent(false);
      if (entry.state === 'password') this.settle({ state: 'cancelled' });
    }
    if (this.shownEntry === entry) this.shownEntry = null;
    this.render();
  }

  /** The list is emptied; a file being converted is stopped. */
  clear() {
    if (this.current && !FINAL.has(this.current.state)) {
      this.removing = this.current;
      this.cancelCurrent(false);
    }
    this.entries = [];
    this.current = null;
    this.shownEntry = null;
    this.viewRequest = null;
    this.running = false;
    this.closing = false;
    this.render();
  }

  async downloadAll() {
    const { ui } = this;
    ui.downloadAll.disabled = true;
    try {
      const bytes = await buildZip(this.entries);
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/zip' }));
      const link = document.createElement('a');
      link.href = url;
      // Named after the folder brought, where there is one ('refs - texts.zip').
      link.download = t('zip_name', { folder: sharedFolder(this.entries.map((e) => e.path)).replace(/\/$/, '').split('/').pop() });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } finally {
      ui.downloadAll.disabled = false;
      this.render();
    }
  }

  stateText(entry) {
    switch (entry.state) {
      case 'working':
        return entry.total ? t('queue_working', { done: entry.done, total: entry.total }) : t('queue_opening');
      case 'done':
        return t('queue_done', { pages: entry.pages, notices: entry.notices?.length ?? 0, empty: !entry.text });
      case 'failed':
        return entry.message ? t(...entry.message) : t('queue_failed');
      default:
        return t(`queue_${entry.state}`);
    }
  }

  /** Focus the button of class `kind` of entry `id`, or, that entry gone, of the one now at its
   * place `index` (or the last); a disabled button (a waiting file's) gives way to its ×. */
  refocus(id, kind, index) {
    const rows = [...this.ui.queueList.children];
    const row = rows.find((li) => li.dataset.id === id) ?? rows[Math.min(index, rows.length - 1)];
    const button = row?.querySelector(`button.${kind}:not(:disabled)`) ?? row?.querySelector('button.queue-remove');
    // Where the same file's button stays in place, the list must not scroll to it.
    button?.focus({ preventScroll: row.dataset.id === id });
  }

  renderEntry(entry) {
    const li = this.ui.queueList.querySelector(`li[data-id="${entry.id}"]`);
    if (!li) return;
    li.dataset.state = entry.state;
    li.querySelector('.queue-state').textContent = this.stateText(entry);
  }

  /** The list again (after any change of its files, or of the language). */
  render() {
    const { ui, entries } = this;
    const shared = sharedFolder(entries.map((e) => e.path));
    // A button of the list keeps the keyboard's focus across the list's renewal; when its file
    // was taken out, the next file's button (or the one before) takes it, not the page's body.
    const focused = ui.queueList.contains?.(document.activeElement) ? document.activeElement : null;
    const focusId = focused?.closest('li[data-id]')?.dataset.id;
    const focusClass = focused?.classList.contains('queue-remove') ? 'queue-remove' : 'queue-file';
    const items = entries.map((entry) => {
      const li = document.createElement('li');
      li.dataset.id = String(entry.id);
      li.dataset.state = entry.state;
      li.dataset.name = entry.name;
      const pick = document.createElement('button');
      pick.type = 'button';
      pick.className = 'queue-file';
      if (entry === this.shownEntry) pick.setAttribute('aria-current', 'true');
      pick.disabled = entry.state === 'waiting';
      const name = document.createElement('span');
      name.className = 'queue-name';
      name.textContent = entry.path.slice(shared.length);
      if (shared) pick.title = entry.path;
      const state = document.createElement('span');
      state.className = 'queue-state';
      state.textContent = this.stateText(entry);
      pick.append(name, state);
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'queue-remove';
      remove.textContent = '×';
      remove.setAttribute('aria-label', t('queue_remove', { name: entry.name }));
      li.append(pick, remove);
      return li;
    });
    const before = focusId ? [...ui.queueList.children].findIndex((li) => li.dataset.id === focusId) : -1;
    ui.queueList.replaceChildren(...items);
    if (focused) this.refocus(focusId, focusClass, before);
    ui.queue.hidden = entries.length < 2;
    ui.queue.dataset.state = this.running || this.busy || this.closing ? 'running' : 'idle';
    const counts = this.counts();
    const partial = entries
      .filter((e) => e.state === 'done' && e.failedPages?.length)
      .map((e) => t('queue_partial', { name: e.path.slice(shared.length), pages: e.failedPages }));
    ui.queueSummary.textContent = [t('queue_summary', counts), ...partial].join(' ');
    ui.downloadAll.hidden = counts.done === 0;
    // Mid-list the zip would hold some texts and a report of files still "working" or
    // "waiting" (a new user's was partial without a word): it waits for the list's end, and
    // says so beside the button.
    const converting = ui.queue.dataset.state === 'running';
    ui.downloadAll.disabled = converting;
    ui.downloadAllNote.hidden = !converting || counts.done === 0;
    ui.queueResume.hidden = this.rest === 0 || converting;
  }
}
