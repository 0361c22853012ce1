// The worker protocol: every message between the page's engine bridge (bridge.js, split.js) and
// the engine worker (worker.js), with its fields. Both ends import this catalogue: messages are
// made with `message()`, which refuses a type or a field the catalogue does not list, and taken
// apart with `dispatch()`, which refuses a type that has no handler, so that the two ends
// cannot drift apart silently (pdf.js's MessageHandler names its actions the same way).
//
// A field ending in '?' may be left out. `job` numbers a conversion (the page's counter): every
// answer about a document carries the job it is for, so that late answers about an older one
// are recognised and dropped.

/** Page to worker. */
export const TO_WORKER = Object.freeze({
  // Convert a PDF (`bytes`, an ArrayBuffer, transferred). The first worker converts from page 1,
  // rendering `options` when done, and stops after page `last` when given one (it then waits for
  // 'limit', 'adopt' or 'unlimit'); a second worker is given `range` {first, last} instead and
  // converts from `last` down to `first`, then hands its analysis over.
  convert: ['job', 'bytes', 'password', 'options?', 'range?', 'last?'],
  // (first worker) Stop after page `last`: answered 'limited' (again: go on up to that later page).
  limit: ['job', 'last'],
  // (first worker) The second worker's analysis (`batch`, a Uint8Array, transferred), taken in
  // once this worker reaches its limit.
  adopt: ['job', 'batch'],
  // (first worker) The second worker is gone: go on to the last page alone.
  unlimit: ['job'],
  // (second worker) Go on down to page `first`.
  floor: ['job', 'first'],
  // (second worker) The floor stays where it is: hand over once there.
  final: ['job'],
  // Render the document of `job` with other options (no new parse).
  render: ['job', 'seq', 'options'],
  // Where each page's text starts in the output for `options`.
  locate: ['job', 'options'],
  // The page showed `options` from its own copy: render ahead what is one switch away from them.
  plan: ['job', 'options'],
  // Stop `job` at the next page boundary (answered 'cancelled').
  cancel: ['job'],
});

/** Worker to page. */
export const FROM_WORKER = Object.freeze({
  // Booted: in `bootMs`, phase by phase; `snapshot` says how ('restored', 'none', 'rejected');
  // `storing`: a start-up snapshot is being stored ('snapshot-stored' follows); `startedAt`:
  // when the boot began, in ms since the epoch.
  ready: ['bootMs', 'phases', 'snapshot', 'storing', 'startedAt'],
  'boot-error': ['message'],
  'snapshot-stored': ['stored'],
  opened: ['job', 'pageCount'],
  // One page's summary and drawing (pdfprose.engine.web.WebSession.next_page).
  page: ['job', 'page'],
  // The first page's text while the rest is read (before the document passes).
  'preview-text': ['job', 'text'],
  // (first worker) Where it really stops: `last`, or null when it cannot be limited.
  limited: ['job', 'last'],
  // (second worker) Its analysis, for the first worker's 'adopt'; `pages`: how many.
  handover: ['job', 'batch', 'pages'],
  // `result` = {key, options, text, renderMs, cached}; `heapBytes`: the WebAssembly memory after it.
  done: ['job', 'report', 'result', 'parseMs', 'workers', 'helperPages', 'reanalysed', 'adoptError', 'heapBytes'],
  rendered: ['job', 'seq', 'result'],
  located: ['job', 'key', 'starts'],
  // Rendered ahead of a switch, while idle.
  ahead: ['job', 'result'],
  cancelled: ['job'],
  // `error` = {code, message, params}; `during`: the request that failed ('render', ...), when
  // not the conversion itself.
  failed: ['job', 'error', 'during?', 'heapBytes?'],
});

function fieldsOf(catalogue, type) {
  const fields = catalogue[type];
  if (!fields) throw new Error(`pdfprose protocol: no message '${type}'`);
  return fields;
}

/** `{type, ...fields}`, checked against `catalogue` (TO_WORKER or FROM_WORKER). */
export function message(catalogue, type, fields = {}) {
  const known = fieldsOf(catalogue, type);
  const names = new Set(known.map((f) => f.replace(/\?$/, '')));
  for (const name of Object.keys(fields)) {
    if (!names.has(name)) throw new Error(`pdfprose protocol: '${type}' has no field '${name}'`);
  }
  for (const field of known) {
    if (!field.endsWith('?') && !(field in fields)) throw new Error(`pdfprose protocol: '${type}' needs '${field}'`);
  }
  return { type, ...fields };
}

/** Hand `data` (a message of `catalogue`) to `handlers[data.type]`; returns what it returns. */
export function dispatch(catalogue, handlers, data) {
  fieldsOf(catalogue, data?.type);
  const handler = handlers[data.type];
  if (!handler) throw new Error(`pdfprose protocol: nothing handles '${data.type}'`);
  return handler(data);
}

/** A sender of `catalogue`'s messages to `port` (a Worker, or the worker's own scope). */
export function sender(catalogue, port) {
  return (type, fields = {}, transfer = []) => port.postMessage(message(catalogue, type, fields), transfer);
}
