// The progress watch (app/engine/watchdog.js), with short limits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Watchdog } from '../../app/engine/watchdog.js';

function watch() {
  const heard = [];
  const dog = new Watchdog({
    onStall: (job) => heard.push(['stall', job]),
    onLimit: (job) => heard.push(['limit', job]),
    noticeMs: 150,
    limitMs: 450,
  });
  return { dog, heard };
}

test('no progress: first the notice, then the limit, once each', async () => {
  const { dog, heard } = watch();
  dog.start(4);
  await sleep(300);
  assert.deepEqual(heard, [['stall', 4]]);
  await sleep(300);
  assert.deepEqual(heard, [['stall', 4], ['limit', 4]]);
  assert.equal(dog.job, 0); // given up: nothing watched any more
});

test('progress puts both off; extra time puts them further off; stop ends the watch', async () => {
  const { dog, heard } = watch();
  dog.start(1);
  for (let i = 0; i < 4; i += 1) {
    await sleep(60);
    dog.progress();
  }
  assert.deepEqual(heard, []);
  dog.progress(400); // the document passes: 550 ms until the notice
  await sleep(300);
  assert.deepEqual(heard, []);
  dog.stop();
  await sleep(900);
  assert.deepEqual(heard, []);
});
