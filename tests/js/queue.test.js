// The queue's states (app/shell/queue.js), driven as the controller drives it, on a small stand-in
// for the page's elements: the three bugs a new user found (issue 26), each asserting the state
// the reader should see.
import assert from 'node:assert/strict';
import { test } from 'node:test';

// The shell's modules read the browser's globals when they load (the language, the DOM).
if (!globalThis.navigator) globalThis.navigator = { languages: ['en'], language: 'en' };

class FakeElement {
  constructor(tag = 'div') {
    this.tag = tag;
    this.children = [];
    this.dataset = {};
    this.attributes = {};
    this.hidden = false;
    this.disabled = false;
    this.textContent = '';
    this.listeners = {};
  }

  append(...nodes) {
    this.children.push(...nodes);
  }

  replaceChildren(...nodes) {
    this.children = nodes;
  }

  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }

  addEventListener(type, listener) {
    this.listeners[type] = listener;
  }

  querySelector() {
    return null; // renderEntry's quick path: the tests read the entries, render() keeps the list
  }
}

globalThis.document ??= { createElement: (tag) => new FakeElement(tag) };

const { Queue } = await import('../../app/shell/queue.js');
const { archiveContents } = await import('../../app/shell/archive.js');

/** A queue wired to a stand-in controller that records what it was asked to convert. */
function makeQueue() {
  const ui = {};
  for (const name of ['queue', 'queueList', 'queueSummary', 'queueClear', 'queueResume', 'downloadAll', 'downloadAllNote', 'noticeDrop', 'passwordCancel']) {
    ui[name] = new FakeElement();
  }
  const messages = { shown: new Map(), said: [], say(el, key = null, params = {}) { this.said.push([el, key, params]); } };
  ui.status = new FakeElement();
  // The status line as Status keeps it: its state, and its message remembered by `messages`.
  const status = {
    state: 'ready',
    said: [],
    set(state, key, params = {}) {
      this.state = state;
      this.said.push([state, key, params]);
      messages.shown.set(ui.status, [key, params]);
    },
  };
  const asked = [];
  const requests = [];
  const cancelled = [];
  let queue = null;
  queue = new Queue(
    { ui, messages, status, shown: {} },
    (request) => {
      asked.push(request.file.name);
      requests.push(request);
    },
    // The controller answers a cancel at once with the file's outcome.
    (announce) => {
      cancelled.push(announce);
      queue.settle({ state: 'cancelled' });
    },
  );
  return { queue, ui, asked, requests, cancelled, status, messages };
}

// Each file its own (a time of change of its own): the same name is not the same file.
let stamp = 0;
const file = (name) => ({ name, size: 1000, lastModified: ++stamp });
const items = (...names) => names.map((name) => ({ file: file(name), path: name }));
const states = (queue) => queue.entries.map((e) => [e.name, e.state]);
const done = (pages = 1, text = 'text') => ({ state: 'done', text, format: 'txt', pages, seconds: 0.1, report: {}, notices: [] });
/** The queue's next step, which it takes after the controller's message (setTimeout 0). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a cancelled file converted by picking it is done, and in the zip', async () => {
  const { queue, asked } = makeQueue();
  queue.add(items('long.pdf', 'short.pdf'));
  assert.deepEqual(asked, ['long.pdf']);
  queue.settle({ state: 'progress', done: 3, total: 120 });
  queue.settle({ state: 'cancelled' }); // the reader's Cancel
  await tick();
  assert.deepEqual(states(queue), [['long.pdf', 'cancelled'], ['short.pdf', 'waiting']]);

  queue.pick(queue.entries[0]);
  assert.deepEqual(asked, ['long.pdf', 'long.pdf']);
  assert.equal(queue.entries[0].state, 'working');
  queue.settle(done(120, 'the long text'));
  await tick();
  assert.deepEqual(states(queue), [['long.pdf', 'done'], ['short.pdf', 'waiting']]);
  assert.deepEqual(archiveContents(queue.entries).texts, [{ name: 'long.txt', text: 'the long text' }]);
});

test('a converted file picked again stays done, whatever its reading again becomes', async () => {
  const { queue, asked } = makeQueue();
  queue.add(items('a.pdf', 'b.pdf'));
  queue.settle(done());
  await tick();
  queue.settle(done());
  await tick();
  queue.pick(queue.entries[0]);
  assert.deepEqual(asked, ['a.pdf', 'b.pdf', 'a.pdf']);
  queue.settle({ state: 'cancelled' });
  await tick();
  assert.deepEqual(states(queue), [['a.pdf', 'done'], ['b.pdf', 'done']]);
});

test('"Convert the rest" converts the file cancelled mid-way, then the waiting ones', async () => {
  const { queue, asked, ui } = makeQueue();
  queue.add(items('long.pdf', 'next.pdf'));
  queue.settle({ state: 'progress', done: 5, total: 120 });
  queue.settle({ state: 'cancelled' });
  await tick();
  assert.equal(ui.queueResume.hidden, false);
  assert.equal(ui.queue.dataset.state, 'idle');

  queue.run();
  assert.deepEqual(asked, ['long.pdf', 'long.pdf']);
  assert.deepEqual(states(queue), [['long.pdf', 'working'], ['next.pdf', 'waiting']]);
  queue.settle(done(120));
  await tick();
  assert.deepEqual(asked, ['long.pdf', 'long.pdf', 'next.pdf']);
  queue.settle(done());
  await tick();
  assert.deepEqual(states(queue), [['long.pdf', 'done'], ['next.pdf', 'done']]);
  assert.equal(ui.queueResume.hidden, true);
});

test('a cancelled last file still offers "Convert the rest"', async () => {
  const { queue, ui } = makeQueue();
  queue.add(items('a.pdf', 'long.pdf'));
  queue.settle(done());
  await tick();
  queue.settle({ state: 'cancelled' });
  await tick();
  assert.deepEqual(states(queue), [['a.pdf', 'done'], ['long.pdf', 'cancelled']]);
  assert.equal(ui.queueResume.hidden, false);
});

test('files brought during a conversion join the queue; the file being read goes on', async () => {
  const { queue, asked, cancelled } = makeQueue();
  queue.add(items('long.pdf'));
  queue.settle({ state: 'progress', done: 2, total: 120 });
  queue.add(items('new.pdf')); // the picker, or a drop, while long.pdf is read
  assert.deepEqual(cancelled, []);
  assert.deepEqual(states(queue), [['long.pdf', 'working'], ['new.pdf', 'waiting']]);
  queue.settle(done(120));
  await tick();
  assert.deepEqual(asked, ['long.pdf', 'new.pdf']);
  queue.settle(done());
  await tick();
  assert.deepEqual(states(queue), [['long.pdf', 'done'], ['new.pdf', 'done']]);
});

test('a lone file at its password prompt is let go for the next file chosen; in a queue it waits for the end, then stays', async () => {
  const { queue, cancelled, asked } = makeQueue();
  queue.add(items('locked.pdf'));
  queue.settle({ state: 'password' });
  queue.add(items('other.pdf')); // nothing of locked.pdf was read: choosing another answers the prompt
  assert.deepEqual(cancelled, [false]);
  assert.deepEqual(states(queue), [['other.pdf', 'working']]);
  assert.deepEqual(asked, ['locked.pdf', 'other.pdf']);

  // In a queue, a file that needs its password is put back: the others are read first (a
  // folder left alone was held up by its first file's question), then it is asked for.
  const second = makeQueue();
  second.queue.add(items('locked.pdf', 'a.pdf'));
  second.queue.settle({ state: 'password' });
  assert.deepEqual(second.cancelled, [false]);
  assert.deepEqual(states(second.queue), [['locked.pdf', 'waiting'], ['a.pdf', 'waiting']]);
  await tick();
  assert.deepEqual(second.asked, ['locked.pdf', 'a.pdf']);
  second.queue.settle(done());
  await tick();
  assert.deepEqual(second.asked, ['locked.pdf', 'a.pdf', 'locked.pdf']);
  second.queue.settle({ state: 'password' }); // its turn now: the prompt stays
  second.queue.add(items('b.pdf'));
  assert.deepEqual(second.cancelled, [false]);
  assert.deepEqual(states(second.queue), [['locked.pdf', 'password'], ['a.pdf', 'done'], ['b.pdf', 'waiting']]);
});

test('one file after one converted file replaces it, as the page always did', async () => {
  const { queue, asked } = makeQueue();
  queue.add(items('first.pdf'));
  queue.settle(done());
  await tick();
  queue.add(items('second.pdf'));
  assert.deepEqual(states(queue), [['second.pdf', 'working']]);
  assert.deepEqual(asked, ['first.pdf', 'second.pdf']);
});

test('the folder all files share is said once, not on every row', async () => {
  const { sharedFolder } = await import('../../app/shell/archive.js');
  assert.equal(sharedFolder(['refs/a.pdf', 'refs/sub/b.pdf']), 'refs/');
  assert.equal(sharedFolder(['a/x/1.pdf', 'a/y/2.pdf', 'a/x/3.pdf']), 'a/');
  assert.equal(sharedFolder(['a/b.pdf', 'ab/c.pdf']), '');
  assert.equal(sharedFolder(['x.pdf', 'a/b.pdf']), '');
  assert.equal(sharedFolder(['only/one.pdf']), ''); // a file alone keeps its folder
  const { queue, ui } = makeQueue();
  queue.add(items('docs/a.pdf', 'docs/b.pdf'));
  const names = ui.queueList.children.map((li) => li.children[0].children[0].textContent);
  assert.deepEqual(names, ['a.pdf', 'b.pdf']);
});

test('the summary counts what was cancelled and what waits, apart from what was skipped', async () => {
  const { queue, ui } = makeQueue();
  queue.add(items('a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'));
  queue.settle({ state: 'cancelled' });
  await tick();
  assert.equal(ui.queueSummary.textContent, '0 of 4 converted, 1 cancelled, 3 waiting.');
});

test('the summary names a file converted in part and its missing pages, in both languages', async () => {
  // "3 of 3 converted." said nothing of a file whose page 2 could not be read (a new user).
  const { setLanguage } = await import('../../app/i18n.js');
  // What switching the language touches of the page, beyond the queue.
  Object.assign(globalThis.document, { documentElement: {}, querySelectorAll: () => [] });
  const { queue, ui } = makeQueue();
  queue.add(items('refs/report.pdf', 'refs/sub/ok.pdf', 'refs/long.pdf'));
  const failed = (numbers) => ({ ...done(9), report: { failed_pages: numbers.map((number) => ({ number, reason: 'x' })) } });
  queue.settle(failed([2]));
  await tick();
  queue.settle(done());
  await tick();
  queue.settle(failed([3, 7]));
  await tick();
  assert.equal(ui.queueSummary.textContent, '3 of 3 converted. report.pdf was converted in part: page 2 could not '
    + 'be read. long.pdf was converted in part: pages 3 and 7 could not be read.');
  setLanguage('es');
  try {
    queue.render();
    assert.equal(ui.queueSummary.textContent, '3 de 3 convertidos. report.pdf se convirtió en parte: no se pudo leer '
      + 'la página 2. long.pdf se convirtió en parte: no se pudieron leer las páginas 3 y 7.');
  } finally {
    setLanguage('en');
  }
});

// ---- how a list ends (issue 26, a fresh user's folder) ---------------------------------------

const { t } = await import('../../app/i18n.js');
/** What the controller does when a file is converted: the page's status, then the queue's word. */
function converted(queue, status, name, pages = 1, seconds = 0.2) {
  status.set('done', 'status_done', { name, pages, seconds });
  queue.settle({ ...done(pages), seconds });
}
const shownRow = (ui) => ui.queueList.children.map((li) => li.children[0].attributes['aria-current'] === 'true');

test('a list ending on a skipped password file shows the last converted text and the summary', async () => {
  const { queue, asked, status } = makeQueue();
  queue.add(items('locked.pdf', 'links.pdf'));
  queue.settle({ state: 'password' }); // put back to the end
  await tick();
  converted(queue, status, 'links.pdf');
  await tick();
  assert.deepEqual(asked, ['locked.pdf', 'links.pdf', 'locked.pdf']);
  queue.settle({ state: 'password' }); // its turn: the prompt
  status.set('ready', 'status_cancelled'); // "Skip this file" (controller.givePasswordUp)
  queue.settle({ state: 'skipped' });
  await tick();
  // Not "Cancelled." over an empty page: the converted file is read again to be shown...
  assert.deepEqual(asked, ['locked.pdf', 'links.pdf', 'locked.pdf', 'links.pdf']);
  assert.equal(queue.shownEntry.name, 'links.pdf');
  converted(queue, status, 'links.pdf');
  await tick();
  assert.deepEqual(states(queue), [['locked.pdf', 'skipped'], ['links.pdf', 'done']]);
  // ...and the status says it, then the list's end; once, not read again in a loop.
  const [state, key, params] = status.said.at(-1);
  assert.deepEqual([state, key], ['done', 'status_queue_end']);
  assert.equal(t(key, params), 'Done: links.pdf, 1 page in 0.2 s. List finished: 1 of 2 converted, 1 skipped.');
  await tick();
  assert.equal(asked.length, 4);
  assert.deepEqual(shownRow(queue.ui), [false, true]);
});

test('a list ending on failed files shows the file converted last, not the list\'s last', async () => {
  const { queue, asked, status } = makeQueue();
  queue.add(items('locked.pdf', 'a.pdf', 'b.pdf', 'huge.pdf', 'many_pages_620.pdf'));
  queue.settle({ state: 'password' });
  await tick();
  converted(queue, status, 'a.pdf');
  await tick();
  converted(queue, status, 'b.pdf');
  await tick();
  for (const name of ['huge.pdf', 'many_pages_620.pdf']) {
    status.set('error', 'status_error', { name });
    queue.settle({ state: 'failed', message: ['limit_pages', { pages: 620, limit: 500 }] });
    await tick();
  }
  // The locked file, asked for last, opens with its password: it is the last converted.
  converted(queue, status, 'locked.pdf', 3);
  await tick();
  assert.equal(status.said.at(-1)[1], 'status_queue_end'); // shown already: nothing read again
  assert.deepEqual(asked, ['locked.pdf', 'a.pdf', 'b.pdf', 'huge.pdf', 'many_pages_620.pdf', 'locked.pdf']);

  // The same list, its locked file skipped: b.pdf, converted last, is shown again.
  const second = makeQueue();
  second.queue.add(items('a.pdf', 'b.pdf', 'huge.pdf', 'many_pages_620.pdf'));
  converted(second.queue, second.status, 'a.pdf');
  await tick();
  second.queue.pick(second.queue.entries[0]); // picked while b.pdf waits: read again first
  converted(second.queue, second.status, 'a.pdf');
  await tick();
  converted(second.queue, second.status, 'b.pdf');
  await tick();
  for (const name of ['huge.pdf', 'many_pages_620.pdf']) {
    second.status.set('error', 'status_error', { name });
    second.queue.settle({ state: 'failed', message: ['limit_size', { mb: 28.5, limit: 25 }] });
    await tick();
  }
  assert.equal(second.asked.at(-1), 'b.pdf');
  assert.equal(second.queue.entries[1].viewing, true);
  converted(second.queue, second.status, 'b.pdf', 2, 0.3);
  await tick();
  const [state, key, params] = second.status.said.at(-1);
  assert.equal(state, 'done');
  assert.equal(t(key, params), 'Done: b.pdf, 2 pages in 0.3 s. List finished: 2 of 4 converted, 2 failed.');
  // The failures stay marked on their rows.
  assert.deepEqual(states(second.queue).slice(2), [['huge.pdf', 'failed'], ['many_pages_620.pdf', 'failed']]);
});

test('a list with nothing converted says so, without reading anything again', async () => {
  const { queue, asked, status } = makeQueue();
  queue.add(items('x.pdf', 'y.pdf'));
  for (const name of ['x.pdf', 'y.pdf']) {
    status.set('error', 'status_error', { name });
    queue.settle({ state: 'failed', message: ['error_not_pdf', {}] });
    await tick();
  }
  assert.deepEqual(asked, ['x.pdf', 'y.pdf']);
  const [state, key, params] = status.said.at(-1);
  assert.equal(state, 'error');
  assert.equal(t(key, params), 'Could not convert y.pdf. List finished: 0 of 2 converted, 2 failed.');
});

test('a failed file picked after the end stays shown: only the queue\'s own end shows another', async () => {
  const { queue, asked, status } = makeQueue();
  queue.add(items('a.pdf', 'bad.pdf'));
  converted(queue, status, 'a.pdf');
  await tick();
  status.set('error', 'status_error', { name: 'bad.pdf' });
  queue.settle({ state: 'failed', message: ['error_not_pdf', {}] });
  await tick();
  converted(queue, status, 'a.pdf'); // shown again at the end
  await tick();
  queue.pick(queue.entries[1]);
  status.set('error', 'status_error', { name: 'bad.pdf' });
  queue.settle({ state: 'failed' });
  await tick();
  assert.deepEqual(asked, ['a.pdf', 'bad.pdf', 'a.pdf', 'bad.pdf']);
  assert.deepEqual(status.said.at(-1), ['error', 'status_error', { name: 'bad.pdf' }]);
  assert.deepEqual(shownRow(queue.ui), [false, true]);
});

test('a Cancel leaves the list as it stands: no end, nothing shown again', async () => {
  const { queue, asked, status } = makeQueue();
  queue.add(items('a.pdf', 'b.pdf'));
  converted(queue, status, 'a.pdf');
  await tick();
  status.set('ready', 'status_cancelled');
  queue.settle({ state: 'cancelled' });
  await tick();
  assert.deepEqual(asked, ['a.pdf', 'b.pdf']);
  assert.equal(status.said.at(-1)[1], 'status_cancelled');
});

test('of two files of one name, the picked one is marked, not both', async () => {
  const { queue, ui, asked, status } = makeQueue();
  queue.add(items('links.pdf', 'links.pdf', 'long.pdf'));
  converted(queue, status, 'links.pdf');
  await tick();
  converted(queue, status, 'links.pdf');
  await tick();
  queue.settle({ state: 'progress', done: 3, total: 76 });
  queue.pick(queue.entries[1]); // while long.pdf is read
  converted(queue, status, 'long.pdf', 76);
  await tick();
  assert.deepEqual(asked, ['links.pdf', 'links.pdf', 'long.pdf', 'links.pdf']);
  assert.equal(queue.shownEntry, queue.entries[1]);
  assert.deepEqual(shownRow(ui), [false, true, false]);
  converted(queue, status, 'links.pdf');
  await tick();
  queue.pick(queue.entries[0]);
  assert.deepEqual(shownRow(ui), [true, false, false]);
});

test('a time that rounds to nothing is "under 0.1 s", in both languages', async () => {
  const { setLanguage } = await import('../../app/i18n.js');
  Object.assign(globalThis.document, { documentElement: {}, querySelectorAll: () => [] });
  const say = (seconds) => t('status_done', { name: 'a.pdf', pages: 1, seconds });
  assert.equal(say(0), 'Done: a.pdf, 1 page in under 0.1 s.');
  assert.equal(say(0.049), 'Done: a.pdf, 1 page in under 0.1 s.');
  assert.equal(say(0.05), 'Done: a.pdf, 1 page in 0.1 s.');
  assert.equal(say(12.34), 'Done: a.pdf, 1 page in 12.3 s.');
  assert.equal(t('status_done_damaged', { name: 'a.pdf', pages: 2, seconds: 0.01 }),
    'Done: a.pdf, 2 pages in under 0.1 s, from a damaged file (see the notice).');
  setLanguage('es');
  try {
    assert.equal(say(0.02), 'Hecho: a.pdf, 1 página en menos de 0,1 s.');
    assert.equal(say(1.25), 'Hecho: a.pdf, 1 página en 1,3 s.');
    assert.equal(t('status_queue_end', { file: ['status_done', { name: 'a.pdf', pages: 1, seconds: 0 }], total: 2, done: 1, skipped: 1 }),
      'Hecho: a.pdf, 1 página en menos de 0,1 s. Lista terminada: 1 de 2 convertido, 1 omitido.');
  } finally {
    setLanguage('en');
  }
});

test('a file picked while the list\'s end is being shown is the one left shown', async () => {
  const { queue, asked, status } = makeQueue();
  queue.add(items('a.pdf', 'bad.pdf'));
  converted(queue, status, 'a.pdf');
  await tick();
  status.set('error', 'status_error', { name: 'bad.pdf' });
  queue.settle({ state: 'failed', message: ['error_not_pdf', {}] });
  await tick();
  assert.equal(asked.at(-1), 'a.pdf'); // the end: a.pdf read again to be shown
  queue.pick(queue.entries[1]); // the reader wants the failed one meanwhile
  converted(queue, status, 'a.pdf');
  await tick();
  status.set('error', 'status_error', { name: 'bad.pdf' });
  queue.settle({ state: 'failed' });
  await tick();
  await tick();
  assert.deepEqual(asked, ['a.pdf', 'bad.pdf', 'a.pdf', 'bad.pdf']);
  assert.equal(queue.shownEntry.name, 'bad.pdf');
  assert.equal(status.said.at(-1)[1], 'status_error');
});

test('a scan is converted with no text layer, named in the summary and the report as the command line names it', async () => {
  // The command line's batch failed a scan (no_text) while the page counted it converted: one
  // truth now, "converted, no text layer" (code no_text) in both.
  const { setLanguage } = await import('../../app/i18n.js');
  Object.assign(globalThis.document, { documentElement: {}, querySelectorAll: () => [] });
  const { queue, ui } = makeQueue();
  queue.add(items('scan.pdf', 'text.pdf'));
  const stopped = {
    code: 'content_damaged', pages: [1], kind: 'stopped', reason: 'it runs more than 500,000 drawing operations',
    part: 'operators', values: { limit: '500,000' }, message: 'Page 1 was cut short: ...',
  };
  queue.settle({ ...done(2, ''), report: { all_empty: true, empty_pages: [1, 2], failed_pages: [], notices: [] } });
  await tick();
  queue.settle({ ...done(1, 'words'), report: { empty_pages: [], failed_pages: [], notices: [stopped] } });
  await tick();
  assert.equal(ui.queueSummary.textContent, '2 of 2 converted (1 with no text layer).');
  setLanguage('es');
  try {
    queue.render();
    assert.equal(ui.queueSummary.textContent, '2 de 2 convertidos (1 sin capa de texto).');
  } finally {
    setLanguage('en');
  }
  const { texts, report } = archiveContents(queue.entries);
  assert.deepEqual(texts, [{ name: 'text.txt', text: 'words' }]);
  assert.deepEqual(report.files.map((f) => [f.status, f.code, f.output]), [['done', 'no_text', null], ['done', null, 'text.txt']]);
  // The engine's notices whole: why the page was cut short, not only that something happened.
  assert.deepEqual(report.files[1].engine_notices, [stopped]);
  // The scan's notice too (it was [] while `notices` held it), in the command line's words.
  assert.equal(report.files[0].notices.length, 0); // the stand-in controller words none
  assert.deepEqual(report.files[0].engine_notices,
    [{ code: 'no_text', pages: [1, 2], message: 'no page has a text layer (a scan?): use OCR' }]);
});

test('a file skipped at its password prompt is in report.json with code password_required and why', async () => {
  const { queue, ui } = makeQueue();
  queue.add(items('locked.pdf', 'text.pdf'));
  queue.settle({ state: 'password' }); // put back to the end
  await tick();
  queue.settle(done());
  await tick();
  queue.settle({ state: 'password' });
  queue.settle({ state: 'skipped' }); // "Skip this file"
  await tick();
  const { report } = archiveContents(queue.entries);
  assert.deepEqual(report.files.map((f) => [f.name, f.status, f.code]),
    [['locked.pdf', 'skipped', 'password_required'], ['text.pdf', 'done', null]]);
  assert.deepEqual(report.files[0].error, {
    code: 'password_required', message: 'This PDF is protected by a password and none was given: it was skipped.',
  });
  // Picked and opened with its password later, it is converted: no error left behind.
  queue.entries[0].state = 'done';
  queue.keep(queue.entries[0], done());
  assert.equal(archiveContents(queue.entries).report.files[0].error, null);
});

test('a file of which every page failed is failed (unreadable), as the command line counts it; no text and some pages failed is no_text', async () => {
  // The page called a file whose every page failed "done" while the command line's batch failed
  // it (code unreadable): one rule now (pdfprose.batch.outcome.convert_bytes, README).
  const { setLanguage } = await import('../../app/i18n.js');
  Object.assign(globalThis.document, { documentElement: {}, querySelectorAll: () => [] });
  const { queue, ui } = makeQueue();
  queue.add(items('bomb.pdf', 'mixed.pdf', 'text.pdf'));
  const reason = "its text was lost: its content was cut at the file's decompression limit";
  queue.settle({
    ...done(2, ''),
    report: { all_empty: true, pages: [{}, {}], empty_pages: [], failed_pages: [{ number: 1, reason }, { number: 2, reason }], notices: [] },
  });
  await tick();
  queue.settle({
    ...done(2, ''),
    report: { all_empty: true, pages: [{}, {}], empty_pages: [2], failed_pages: [{ number: 1, reason }], notices: [] },
  });
  await tick();
  queue.settle({ ...done(1, 'words'), report: { pages: [{}], empty_pages: [], failed_pages: [], notices: [] } });
  await tick();
  assert.deepEqual(states(queue), [['bomb.pdf', 'failed'], ['mixed.pdf', 'done'], ['text.pdf', 'done']]);
  assert.equal(ui.queueSummary.textContent.split(' mixed.pdf')[0], '2 of 3 converted (1 with no text layer), 1 failed.');
  const row = ui.queueList.children[0].children[0].children[1];
  assert.equal(row.textContent, "No page could be read (their text was lost: their content was cut at the file's "
    + 'decompression limit (a damaged or hostile file, not a scan)).');
  setLanguage('es');
  try {
    queue.render();
    assert.match(ui.queueList.children[0].children[0].children[1].textContent, /^No se pudo leer ninguna página \(su texto se perdió/);
  } finally {
    setLanguage('en');
  }
  const { texts, report } = archiveContents(queue.entries);
  assert.deepEqual(texts, [{ name: 'text.txt', text: 'words' }]);
  assert.deepEqual(report.files.map((f) => [f.status, f.code, f.output]),
    [['failed', 'unreadable', null], ['done', 'no_text', null], ['done', null, 'text.txt']]);
  assert.deepEqual(report.files[0].failed_pages, [1, 2]);
  assert.deepEqual(report.counts, { failed: 1, done: 2 });
});

test('the same file chosen again is not converted twice, and the reader is told, in both languages', async () => {
  const { queue, ui, asked, requests, messages } = makeQueue();
  const [a, b] = items('a.pdf', 'b.pdf');
  queue.add([a, b]);
  // While a.pdf converts, a.pdf again (the same name, size and time of change) and a new c.pdf.
  const again = { file: { ...a.file }, path: 'a.pdf' };
  queue.add([again, ...items('c.pdf')]);
  assert.deepEqual(queue.entries.map((e) => e.name), ['a.pdf', 'b.pdf', 'c.pdf']);
  assert.deepEqual(messages.said.at(-1), [ui.noticeDrop, 'notice_duplicate', { count: 1, name: 'a.pdf' }]);
  assert.equal(t('notice_duplicate', { count: 1, name: 'a.pdf' }),
    'a.pdf is in the list already (same name, size and date): it was not added again.');
  const { setLanguage } = await import('../../app/i18n.js');
  setLanguage('es');
  try {
    assert.equal(t('notice_duplicate', { count: 2, name: 'a.pdf' }),
      '2 archivos ya están en la lista (mismo nombre, tamaño y fecha): no se añadieron otra vez.');
  } finally {
    setLanguage('en');
  }
  // Only repeats: nothing joins, nothing more is converted.
  queue.add([{ file: { ...b.file }, path: 'b.pdf' }]);
  assert.equal(queue.size, 3);
  for (let i = 0; i < 3; i += 1) {
    queue.settle(done());
    await tick();
  }
  assert.deepEqual(asked, ['a.pdf', 'b.pdf', 'c.pdf']);
  // A repeat brought with a new file to a finished list: the notice comes with the new file,
  // whose start clears the page's notices.
  queue.add([{ file: { ...a.file }, path: 'a.pdf' }, ...items('d.pdf')]);
  assert.deepEqual(asked, ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']);
  assert.deepEqual(requests.at(-1).dropNotice, ['notice_duplicate', { count: 1, name: 'a.pdf' }]);
  // A file of the same name that is another file (another size or date) is converted.
  queue.settle(done());
  await tick();
  queue.add([{ file: { ...a.file, size: 2000 }, path: 'a.pdf' }]);
  assert.deepEqual(asked.at(-1), 'a.pdf');
  assert.equal(queue.size, 5);
  // Two copies of one file in two subfolders of a folder brought are two files of it.
  const copy = file('same.pdf');
  queue.add([{ file: copy, path: 'refs/same.pdf' }, { file: { ...copy }, path: 'refs/sub/same.pdf' }]);
  assert.equal(queue.size, 7);
  // The same file chosen loose after its folder was brought (same name, size and date) is a
  // repeat: it was added again, the folder's place compared with a loose file's name.
  queue.add([{ file: { ...copy }, path: 'same.pdf' }]);
  assert.equal(queue.size, 7);
  assert.deepEqual(messages.said.at(-1), [ui.noticeDrop, 'notice_duplicate', { count: 1, name: 'same.pdf' }]);
  // Loose after loose as before; another date is another file.
  queue.add([{ file: { ...copy, lastModified: copy.lastModified + 1 }, path: 'same.pdf' }]);
  assert.equal(queue.size, 8);
});

test('"Download all" waits for the list to finish, saying why; a list stopped by Cancel offers it', async () => {
  const { queue, ui } = makeQueue();
  queue.add(items('a.pdf', 'b.pdf', 'c.pdf'));
  queue.settle(done());
  await tick();
  // b.pdf converts: a.pdf's text is there, but the zip would be partial.
  assert.equal(ui.downloadAll.hidden, false);
  assert.equal(ui.downloadAll.disabled, true);
  assert.equal(ui.downloadAllNote.hidden, false);
  assert.match(t('download_all_wait'), /when the list is finished/);
  queue.settle({ state: 'cancelled' }); // the reader's Cancel
  await tick();
  assert.equal(ui.downloadAll.disabled, false);
  assert.equal(ui.downloadAllNote.hidden, true);
  queue.run();
  queue.settle(done());
  await tick();
  assert.equal(ui.downloadAll.disabled, true);
  queue.settle(done());
  await tick();
  assert.deepEqual(states(queue).map(([, state]) => state), ['done', 'done', 'done']);
  assert.equal(ui.downloadAll.disabled, false);
  assert.equal(ui.downloadAllNote.hidden, true);
});

test('a Cancel with files left names "Convert the rest"; without any, or alone, it says ready', async () => {
  const { queue } = makeQueue();
  queue.add(items('a.pdf', 'b.pdf', 'c.pdf'));
  queue.settle({ state: 'cancelled' });
  await tick();
  assert.equal(queue.rest, 3);
  const { Controller } = await import('../../app/shell/controller.js');
  const said = [];
  const status = { set: (state, key, params = {}) => said.push([state, key, params]) };
  const controller = new Controller({ ui: {}, messages: {}, status, engine: {}, shown: {}, password: {}, rest: () => queue.rest });
  controller.cancelling = 7;
  controller.announceCancel = true;
  controller.onCancelled({ job: 7 });
  assert.deepEqual(said.at(-1), ['ready', 'status_cancelled_rest', {}]);
  assert.equal(t('status_cancelled_rest'), 'Cancelled. The list stops here: “Convert the rest” converts the files left.');
  const { setLanguage } = await import('../../app/i18n.js');
  setLanguage('es');
  try {
    assert.equal(t('status_cancelled_rest'),
      'Cancelado. La lista se detiene aquí: «Convertir el resto» convierte los archivos que quedan.');
  } finally {
    setLanguage('en');
  }
  // A single file cancelled: no list is shown, so no "Convert the rest" to point to.
  const alone = makeQueue().queue;
  alone.add(items('x.pdf'));
  alone.settle({ state: 'cancelled' });
  await tick();
  assert.equal(alone.rest, 0);
  const single = new Controller({ ui: {}, messages: {}, status, engine: {}, shown: {}, password: {}, rest: () => alone.rest });
  single.cancelling = 3;
  single.announceCancel = true;
  single.onCancelled({ job: 3 });
  assert.deepEqual(said.at(-1), ['ready', 'status_cancelled', {}]);
});

test('every count sentence agrees with its number, in both languages', async () => {
  const { setLanguage } = await import('../../app/i18n.js');
  const summary = { total: 1, done: 1, failed: 0, skipped: 0, cancelled: 0, waiting: 0, noText: 0 };
  assert.equal(t('queue_summary', summary), '1 of 1 converted.');
  const limit = (part, values) => t('notice_limit_reached', { part, values, pages: [2] });
  assert.equal(limit('graphics_states', { limit: 100, count: 1 }),
    'Page 2: it saves more graphics states than 100 without restoring them; 1 was ignored.');
  assert.match(limit('fonts', { count: 1 }), /^Page 2: 1 of its fonts maps or sizes more codes/);
  assert.match(limit('fonts', { count: 2 }), /^Page 2: 2 of its fonts map or size more codes/);
  assert.match(limit('font_nesting', { count: 1, limit: 64 }), /^Page 2: 1 of its fonts nests arrays/);
  assert.match(t('notice_damaged', { recovered: 1, expected: 3, readable: 0 }), /1 of its 3 pages was found, 0 of them/);
  assert.match(t('notice_repaired', { count: 1 }), /1 of its streams declared a wrong length; it was read/);
  setLanguage('es');
  try {
    assert.equal(t('queue_summary', summary), '1 de 1 convertido.');
    assert.equal(t('queue_summary', { ...summary, total: 3, done: 2, waiting: 1 }), '2 de 3 convertidos, 1 en espera.');
    assert.equal(t('queue_summary', { ...summary, total: 2, done: 0, failed: 2 }), '0 de 2 convertidos, 2 fallidos.');
    assert.match(t('notice_damaged', { recovered: 1, expected: 3, readable: 0 }),
      /se encontró 1 de sus 3 páginas y se pudieron leer 0\./);
    assert.match(t('notice_damaged', { recovered: 4, expected: 4, readable: 1 }),
      /se encontraron 4 páginas y se pudo leer 1\./);
    assert.match(t('notice_damaged', { recovered: 1, expected: 5 }), /se pudo recuperar 1 de sus 5 páginas\./);
    assert.match(limit('graphics_states', { limit: 100, count: 1 }), /; se ignoró 1\.$/);
    assert.match(limit('shapes', { limit: 100, count: 1 }), /\(1 más no se conservó\)\.$/);
    assert.match(limit('fonts', { count: 1 }), /: 1 de sus fuentes asigna o dimensiona /);
    assert.match(limit('font_nesting', { count: 3, limit: 64 }), /: 3 de sus fuentes anidan /);
    assert.match(t('notice_repaired', { count: 1 }), /1 de sus flujos declaraba una longitud errónea; se leyó/);
    assert.match(t('notice_repaired', { count: 2 }), /2 de sus flujos declaraban una longitud errónea; cada uno se leyó/);
  } finally {
    setLanguage('en');
  }
});
