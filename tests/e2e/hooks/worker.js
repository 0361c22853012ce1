// The browser tests' engine worker (see main.js here): the real one, plus failures on purpose,
// asked for with {type: 'test-crash', how} (a message the real worker does not know):
//   'throw'            an uncaught error: the page sees the worker's 'error' event
//   'throw-after-page' the same, once this worker has sent its next page
//   'memory'           Python raises MemoryError at the next document's first page
//   'fail-page'        the next document's page 2 is reported as the engine reports a failed page
//   'fatal'            the interpreter dies as the next document opens (Pyodide's fatal error:
//                      its WebAssembly stack overflows freeing a list nested 200,000 deep)
//   'fatal-ahead'      the same, in the next rendering ahead of the document shown (idle)
import { EngineHost } from '../../../app/engine/host.js';
import { Renderings } from '../../../app/engine/renderings.js';

const armed = { memory: false, failPage: false, throwAfterPage: false, fatal: false, fatalAhead: false };
// What killed the interpreter before the engine bounded nesting (benchmarks/hostile_cases.py,
// deep_arrays): the collector freeing a structure deeper than WebAssembly's stack can unwind.
const FATAL = `
import gc
x = []
for _ in range(200_000):
    x = [x]
class Cycle:
    pass
c = Cycle()
c.x, c.c = x, c
del x, c
gc.collect()
`;

function crash() {
  setTimeout(() => {
    throw new Error('test: the worker crashed');
  });
}

// What the engine reports for a page it could not parse (SPEC §13): no text, and the reason.
function failPage(page) {
  page.error = 'test: PDFSyntaxError: the content stream is unreadable';
  page.columns = 0;
  page.empty = true;
  if (page.geometry) page.geometry.blocks = [];
}

// A WebSession whose next document fails as armed.
function faulty(engine) {
  const session = engine.WebSession();
  const failing = armed.failPage;
  let memory = armed.memory;
  const fatal = armed.fatal;
  armed.memory = false;
  armed.failPage = false;
  armed.fatal = false;
  return new Proxy(session, {
    get(target, name) {
      if (name === 'open' && fatal) {
        return (...args) => {
          engine.pyodide.runPython(FATAL);
          return target.open(...args);
        };
      }
      if (name === 'next_page') {
        return () => {
          if (memory) {
            memory = false;
            // What running out of memory looks like from here: Python raises MemoryError.
            engine.pyodide.runPython("raise MemoryError('test: out of memory')");
          }
          const json = target.next_page();
          if (!failing || !json) return json;
          const page = JSON.parse(json);
          if (page.number === 2) failPage(page);
          return JSON.stringify(page);
        };
      }
      if (name === 'finish' && failing) {
        return () => {
          const report = JSON.parse(target.finish());
          const summary = report.pages?.find((p) => p.number === 2);
          if (summary) {
            failPage(summary);
            report.failed_pages.push({ number: 2, reason: summary.error });
          }
          return JSON.stringify(report);
        };
      }
      return Reflect.get(target, name);
    },
  });
}

const host = new EngineHost(self, { openSession: faulty });

// 'fatal-ahead': the interpreter dies inside the session's render of the next rendering ahead.
const renderAhead = Renderings.prototype.renderAhead;
Renderings.prototype.renderAhead = function renderAheadOrDie() {
  if (!armed.fatalAhead || !this.ahead.length) return renderAhead.call(this);
  armed.fatalAhead = false;
  const session = this.session;
  this.session = new Proxy(session, {
    get(target, name) {
      if (name !== 'render') return Reflect.get(target, name);
      return (...args) => {
        host.engine.pyodide.runPython(FATAL);
        return target.render(...args);
      };
    },
  });
  try {
    return renderAhead.call(this);
  } finally {
    this.session = session;
  }
};
const send = host.send;
host.send = (type, fields, transfer) => {
  send(type, fields, transfer);
  if (type === 'page' && armed.throwAfterPage) {
    armed.throwAfterPage = false;
    crash();
  }
};

self.onmessage = ({ data }) => {
  if (data?.type !== 'test-crash') {
    host.receive(data);
    return;
  }
  if (data.how === 'throw') crash();
  else if (data.how === 'throw-after-page') armed.throwAfterPage = true;
  else if (data.how === 'memory') armed.memory = true;
  else if (data.how === 'fail-page') armed.failPage = true;
  else if (data.how === 'fatal') armed.fatal = true;
  else if (data.how === 'fatal-ahead') armed.fatalAhead = true;
};
