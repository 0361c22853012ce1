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
  for (const name of ['queue', 'queueList', 'queueSummary', 'queueClear', 'queueResume', 'downloadAll', 'passwordCancel']) {
    ui[name] = new FakeElement();
  }
  const messages = { shown: new Map(), say() {} };
  const asked = [];
  const cancelled = [];
  let queue = null;
  queue = new Queue(
    { ui, messages, status: {}, shown: {} },
    (request) => asked.push(request.file.name),
    // The controller answers a cancel at once with the file's outcome.
    (announce) => {
      cancelled.push(announce);
      queue.settle({ state: 'cancelled' });
    },
  );
  return { queue, ui, asked, cancelled };
}

const file = (name) => ({ name, size: 1000 });
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
