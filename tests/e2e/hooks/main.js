// The browser tests' entry module (served only by the tests' server, scripts/static_server.py
// test_hooks=True, in place of app/main.js): the same shell on an engine whose workers can be
// made to fail on purpose. The tests ask for a failure with
//   window.dispatchEvent(new CustomEvent('pdfprose:test-crash', { detail: how }))
// where `how` is, for the worker or the next document:
//   'throw'        the engine worker dies (an uncaught error)
//   'memory'       Python runs out of memory in the next document
//   'fail-page'    the next document's page 2 is reported failed, as the engine reports one
//   'split-hold'   the first worker of the next document stops after two pages until the second
//                  worker is ready (so that even a fast document is shared)
//   'helper-throw' the second worker dies once it has sent its first page
//   'no-spare'     the next document finds no spare second worker
// and 'pdfprose:test-limits' ({ detail: {noticeMs, limitMs} }) shortens the progress watch.
import { EngineBridge } from '../../../app/engine/bridge.js';
import { startApp } from '../../../app/shell/app.js';

const engine = new EngineBridge({ workerUrl: new URL('./worker.js', import.meta.url) });
const armed = { hold: false, helperThrow: false, noSpare: false };

// The first worker of the next document is held after two pages ('split-hold').
const convert = engine.convert.bind(engine);
engine.convert = (job, bytes, password, options) => {
  const last = armed.hold ? 2 : null;
  armed.hold = false;
  return convert(job, bytes, password, options, { last });
};

// Second workers: the one armed with 'helper-throw' is told to die after its first page.
const spawn = engine.spawn.bind(engine);
engine.spawn = (name) => {
  const worker = spawn(name);
  if (name === 'helper' && armed.helperThrow) {
    armed.helperThrow = false;
    worker.postMessage({ type: 'test-crash', how: 'throw-after-page' });
  }
  return worker;
};

// No spare until the next document is over ('no-spare').
const spareWanted = engine.spareWanted.bind(engine);
engine.spareWanted = () => !armed.noSpare && spareWanted();
const emit = engine.forward.bind(engine);
engine.forward = (data) => {
  if (['done', 'failed', 'cancelled'].includes(data.type)) armed.noSpare = false;
  return emit(data);
};

window.addEventListener('pdfprose:test-crash', ({ detail: how }) => {
  if (how === 'split-hold') armed.hold = true;
  else if (how === 'no-spare') {
    armed.noSpare = true;
    engine.spare.drop(false); // as for a document dropped right after the page loaded
  } else if (how === 'helper-throw') {
    const spare = engine.spare.helper;
    if (spare) spare.worker.postMessage({ type: 'test-crash', how: 'throw-after-page' });
    else armed.helperThrow = true;
  } else engine.worker.postMessage({ type: 'test-crash', how });
});

window.addEventListener('pdfprose:test-limits', ({ detail }) => {
  if (detail.noticeMs) engine.watchdog.noticeMs = detail.noticeMs;
  if (detail.limitMs) engine.watchdog.limitMs = detail.limitMs;
});

startApp(engine);
