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
//   'fatal'        the interpreter dies (Pyodide's fatal error) as the next document opens
//   'fatal-ahead'  the interpreter dies in the next rendering ahead (the worker idle)
// and 'pdfprose:test-limits' ({ detail: {noticeMs, limitMs} }) shortens the progress watch.
// 'pdfprose:test-table' gives the next document the engine's table contract (issue 23), built
// by hand until the engine's table stage lands: page 1 gets a block of kind "table" with its
// cells and `tables: 1`, and its Markdown (tables as tables) a GFM table at the end.
import { EngineBridge } from '../../../app/engine/bridge.js';
import { startApp } from '../../../app/shell/app.js';

const engine = new EngineBridge({ workerUrl: new URL('./worker.js', import.meta.url) });
const armed = { hold: false, helperThrow: false, noSpare: false, table: false, tableJob: null };
const HAND_TABLE = '| Item | Price |\n| --- | ---: |\n| Tea | 2.50 |\n| Bread | 1.20 |';

/** A table of 2 columns and 3 rows in the lower half of page 1, in page space. */
function tableBlock(geometry) {
  const order = (geometry.blocks ?? []).length;
  const [x0, y0, w, h] = [72, geometry.height * 0.6, 240, 20];
  const cells = [];
  const lines = [];
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 2; col += 1) {
      const cell = [x0 + col * w / 2, y0 + row * h, x0 + (col + 1) * w / 2, y0 + (row + 1) * h];
      cells.push(cell);
      lines.push([cell[0] + 4, cell[1] + 5, cell[2] - 30, cell[3] - 5]);
    }
  }
  return { order, region: 0, column: 0, kind: 'table', box: [x0, y0, x0 + w, y0 + 3 * h], lines, cells };
}

function withTable(data) {
  if (data.type === 'opened' && armed.table) {
    armed.table = false;
    armed.tableJob = data.job;
  }
  if (armed.tableJob === null || data.job !== armed.tableJob) return data;
  if (data.type === 'page' && data.page.number === 1 && data.page.geometry) {
    const geometry = { ...data.page.geometry };
    geometry.blocks = [...(geometry.blocks ?? []), tableBlock(geometry)];
    return { ...data, page: { ...data.page, tables: 1, geometry } };
  }
  const result = data.result;
  if (result && result.options?.format === 'md' && result.options?.tables !== 'text') {
    return { ...data, result: { ...result, text: `${result.text.trimEnd()}\n\n${HAND_TABLE}\n` } };
  }
  return data;
}

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
  return emit(withTable(data));
};

window.addEventListener('pdfprose:test-table', () => {
  armed.table = true;
});

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
