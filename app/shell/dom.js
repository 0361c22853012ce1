// The page's elements the shell works with, found once by id (index.html).

const IDS = {
  lang: 'lang',
  dropZone: 'drop-zone',
  fileInput: 'file-input',
  folderInput: 'folder-input',
  status: 'status',
  progress: 'progress',
  cancel: 'cancel',
  noticeSlow: 'notice-slow',
  noticeDrop: 'notice-drop',
  noticeLimit: 'notice-limit',
  error: 'error',
  passwordForm: 'password-form',
  passwordCancel: 'password-cancel',
  passwordMessage: 'password-message',
  password: 'password',
  result: 'result',
  noticeEmpty: 'notice-empty',
  noticeGarbled: 'notice-garbled',
  noticeFailed: 'notice-failed',
  noticeMore: 'notice-more',
  outputPanel: 'output-panel',
  pendingNote: 'pending-note',
  pagesHint: 'pages-hint',
  format: 'format',
  joinLines: 'join-lines',
  removeHeaders: 'remove-headers',
  pageMarkers: 'page-markers',
  viewSwitch: 'view-switch',
  views: 'views',
  copy: 'copy',
  download: 'download',
  output: 'output',
  rendered: 'rendered',
  pageList: 'page-list',
  jumpNote: 'jump-note',
  announce: 'announce',
  offlineNote: 'offline-note',
  queue: 'queue',
  queueList: 'queue-list',
  queueSummary: 'queue-summary',
  queueClear: 'queue-clear',
  queueResume: 'queue-resume',
  downloadAll: 'download-all',
  downloadAllNote: 'download-all-note',
  tables: 'tables',
};

/** {name: element} for every element the shell uses; a missing one is a broken page. */
export function findElements(doc = document) {
  const ui = {};
  for (const [name, id] of Object.entries(IDS)) {
    ui[name] = doc.getElementById(id);
    if (!ui[name]) throw new Error(`pdfprose: index.html has no #${id}`);
  }
  return ui;
}
