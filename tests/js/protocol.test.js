// The worker protocol's catalogue (app/engine/protocol.js): messages are made and taken apart
// only as it lists them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FROM_WORKER, TO_WORKER, dispatch, message, sender } from '../../app/engine/protocol.js';

test('a message has its type and exactly the fields the catalogue lists', () => {
  assert.deepEqual(message(TO_WORKER, 'limit', { job: 3, last: 12 }), { type: 'limit', job: 3, last: 12 });
  // An optional field may be left out, or given.
  assert.deepEqual(message(FROM_WORKER, 'failed', { job: 1, error: { code: 'x' } }), { type: 'failed', job: 1, error: { code: 'x' } });
  assert.equal(message(FROM_WORKER, 'failed', { job: 1, error: {}, during: 'render' }).during, 'render');
});

test('an unknown type, an unknown field or a missing field is refused', () => {
  assert.throws(() => message(TO_WORKER, 'explode', {}), /no message 'explode'/);
  assert.throws(() => message(TO_WORKER, 'cancel', { job: 1, why: 'no' }), /'cancel' has no field 'why'/);
  assert.throws(() => message(TO_WORKER, 'render', { job: 1, seq: 2 }), /'render' needs 'options'/);
  // Each end speaks its own direction only.
  assert.throws(() => message(TO_WORKER, 'done', {}), /no message 'done'/);
});

test('dispatch hands a message to its handler and refuses one nobody handles', () => {
  const seen = [];
  const handlers = { cancel: (m) => seen.push(m.job) };
  dispatch(TO_WORKER, handlers, { type: 'cancel', job: 7 });
  assert.deepEqual(seen, [7]);
  assert.throws(() => dispatch(TO_WORKER, handlers, { type: 'plan', job: 1, options: {} }), /nothing handles 'plan'/);
  assert.throws(() => dispatch(TO_WORKER, handlers, { type: 'nonsense' }), /no message 'nonsense'/);
});

test('a sender posts checked messages with what they transfer', () => {
  const posted = [];
  const send = sender(FROM_WORKER, { postMessage: (data, transfer) => posted.push([data, transfer]) });
  const buffer = new ArrayBuffer(4);
  send('handover', { job: 2, batch: new Uint8Array(buffer), pages: 5 }, [buffer]);
  assert.equal(posted[0][0].type, 'handover');
  assert.deepEqual(posted[0][1], [buffer]);
  assert.throws(() => send('handover', { job: 2 }), /needs 'batch'/);
});
