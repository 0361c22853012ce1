// The two-worker split's state machine (app/engine/split.js), driven by hand-made messages
// through a stand-in for the bridge and its workers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { TO_WORKER, message } from '../../app/engine/protocol.js';
import { SPLIT_MIN_PAGES, Split } from '../../app/engine/split.js';

function fakeWorker() {
  return {
    posted: [],
    terminated: false,
    postMessage(data) {
      this.posted.push(data);
    },
    terminate() {
      this.terminated = true;
    },
  };
}

/** A bridge with what the split uses of it; `log` records what went to the first worker and
 * the page. */
function fakeBridge({ spare = null } = {}) {
  const log = [];
  const bridge = {
    log,
    spawned: [],
    snapshotPending: false,
    spare: {
      helper: spare,
      claim() {
        const helper = this.helper;
        this.helper = null;
        return helper;
      },
    },
    spawnSecond() {
      const helper = { worker: fakeWorker(), state: 'booting' };
      this.spawned.push(helper);
      return helper;
    },
    emit: (type, fields) => log.push(['page', type, fields]),
    toFirst: (type, fields) => log.push(['first', message(TO_WORKER, type, fields)]),
    workerMessage: (type, fields) => message(TO_WORKER, type, fields),
    forward: (data) => log.push(['page', data.type, data.page.number]),
  };
  return bridge;
}

const toFirst = (bridge) => bridge.log.filter(([to]) => to === 'first').map(([, m]) => m);
const page = (number) => ({ type: 'page', job: 1, page: { number } });

test('a short document stays with the first worker', () => {
  const bridge = fakeBridge();
  const split = new Split(bridge, { job: 1, bytes: new ArrayBuffer(4), password: '' });
  split.fromFirst({ type: 'opened', job: 1, pageCount: SPLIT_MIN_PAGES - 1 });
  assert.equal(split.state, 'alone');
  assert.equal(split.bytes, null); // the copy for a second worker is let go
  assert.deepEqual(bridge.log, []);
  assert.deepEqual(bridge.spawned, []);
});

test('with a spare, the two workers share a long document and meet once, every page read once', () => {
  const spare = { worker: fakeWorker(), state: 'ready' };
  const bridge = fakeBridge({ spare });
  const split = new Split(bridge, { job: 1, bytes: new ArrayBuffer(4), password: 'pw' });
  const pages = 110;
  split.fromFirst({ type: 'opened', job: 1, pageCount: pages });
  assert.equal(split.state, 'limiting');
  assert.deepEqual(bridge.log[0], ['page', 'spare', { state: 'claimed', at: 0 }]);
  assert.deepEqual(toFirst(bridge), [{ type: 'limit', job: 1, last: 2 }]);
  split.fromFirst({ type: 'limited', job: 1, last: 2 });
  assert.equal(split.state, 'sharing');
  const [convert] = spare.worker.posted;
  assert.equal(convert.type, 'convert');
  assert.deepEqual(convert.range, { first: pages - 1, last: pages });
  assert.equal(convert.password, 'pw');
  // Both read towards each other, each given more only as it nears its end.
  const read = { first: [], helper: [] };
  let first = 0;
  let low = pages + 1;
  for (let step = 0; step < 500 && !split.final; step += 1) {
    if (first < split.firstMax) {
      first += 1;
      read.first.push(first);
      split.fromFirst(page(first));
    }
    if (low - 1 >= split.helperMin) {
      low -= 1;
      read.helper.push(low);
      split.fromHelper(page(low));
    }
  }
  assert.ok(split.final);
  assert.deepEqual(spare.worker.posted.at(-1), { type: 'final', job: 1 });
  // The pages left to each, then, and the pages read, cover the document once.
  while (first < split.firstMax) read.first.push(++first);
  while (low - 1 >= split.helperMin) read.helper.push(--low);
  assert.deepEqual([...read.first, ...read.helper.reverse()], Array.from({ length: pages }, (_, i) => i + 1));
  // The second worker's pages are shown as they come.
  assert.ok(bridge.log.some(([to, type, number]) => to === 'page' && type === 'page' && number === pages));
  const batch = new Uint8Array(8);
  split.fromHelper({ type: 'handover', job: 1, batch, pages: read.helper.length });
  assert.equal(split.state, 'handed');
  assert.deepEqual(toFirst(bridge).at(-1), { type: 'adopt', job: 1, batch });
  assert.ok(spare.worker.terminated); // its memory back at once
  split.fromFirst({ type: 'done', job: 1 });
  assert.equal(split.state, 'alone');
  assert.notEqual(toFirst(bridge).at(-1).type, 'unlimit'); // it went past its limit with the pages
});

test('when the second worker fails, the first is sent on alone', () => {
  const spare = { worker: fakeWorker(), state: 'ready' };
  const bridge = fakeBridge({ spare });
  const split = new Split(bridge, { job: 1, bytes: new ArrayBuffer(4), password: '' });
  split.fromFirst({ type: 'opened', job: 1, pageCount: 120 });
  split.fromFirst({ type: 'limited', job: 1, last: 2 });
  split.fromHelper({ type: 'failed', job: 1, error: { code: 'internal', message: 'boom' } });
  assert.equal(split.state, 'alone');
  assert.ok(spare.worker.terminated);
  assert.deepEqual(toFirst(bridge).at(-1), { type: 'unlimit', job: 1 });
  assert.deepEqual(bridge.log.at(-1), ['page', 'helper-failed', { job: 1, message: 'boom' }]);
});

test('a first worker held from the start is let go when no second worker comes', () => {
  const bridge = fakeBridge();
  const split = new Split(bridge, { job: 1, bytes: new ArrayBuffer(4), password: '', firstLast: 2 });
  split.fromFirst({ type: 'opened', job: 1, pageCount: 12 });
  assert.equal(split.state, 'alone');
  assert.deepEqual(toFirst(bridge), [{ type: 'unlimit', job: 1 }]);
});

test('a first worker that cannot be limited goes on alone', () => {
  const bridge = fakeBridge({ spare: { worker: fakeWorker(), state: 'ready' } });
  const split = new Split(bridge, { job: 1, bytes: new ArrayBuffer(4), password: '' });
  split.fromFirst({ type: 'opened', job: 1, pageCount: 200 });
  split.fromFirst({ type: 'limited', job: 1, last: null });
  assert.equal(split.state, 'alone');
  assert.deepEqual(toFirst(bridge).map((m) => m.type), ['limit', 'unlimit']);
});

test('without a spare, a second worker boots once the first page is shown and the snapshot stored', async () => {
  const bridge = fakeBridge();
  bridge.snapshotPending = true;
  const split = new Split(bridge, { job: 1, bytes: new ArrayBuffer(4), password: '' });
  split.fromFirst({ type: 'opened', job: 1, pageCount: 150 });
  assert.equal(split.state, 'waiting');
  split.fromFirst({ type: 'preview-text', job: 1, text: 'Page one.' });
  await sleep(5);
  assert.deepEqual(bridge.spawned, []); // the snapshot it would boot from is not stored yet
  bridge.snapshotPending = false;
  split.bootWhenWanted();
  assert.equal(split.state, 'booting');
  assert.equal(bridge.spawned.length, 1);
  for (let n = 1; n <= 140; n += 1) split.fromFirst(page(n));
  split.fromHelper({ type: 'ready' }); // too late: 10 pages left
  assert.equal(split.state, 'alone');
  assert.ok(bridge.spawned[0].worker.terminated);
});

test('a step the machine does not have is refused', () => {
  const split = new Split(fakeBridge(), { job: 1, bytes: new ArrayBuffer(4), password: '' });
  assert.throws(() => split.to('handed'), /no way from undecided to handed/);
});
