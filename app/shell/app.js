// The page's shell, put together: the parts of the page (status, page list, text, notices,
// password, copy and download), the controller of the file being converted, and the wiring of
// the controls to them. All the PDF work happens in the engine (app/engine/), which the entry
// module (app/main.js) hands in.

import { currentLanguage, setLanguage, translateStatic } from '../i18n.js';
import { pageLabel } from '../markdown.js';
import { Controller } from './controller.js';
import { findElements } from './dom.js';
import { ShownDocument } from './document.js';
import { wireIntake } from './intake.js';
import { Messages } from './messages.js';
import { Notices } from './notices.js';
import { TextView } from './output.js';
import { PageList } from './pages.js';
import { PasswordPrompt } from './password.js';
import { Queue } from './queue.js';
import { Saving } from './saving.js';
import { Status } from './status.js';

// Select all in the text (or its rendered preview) selects that text, not the whole page's
// interface around it (a fresh-clone tester's Ctrl+A, Ctrl+C copied the buttons too).
function selectAllWithin(region) {
  region.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'a') return;
    event.preventDefault();
    const range = document.createRange();
    range.selectNodeContents(region);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  });
}

// A phone's width (static/app.css's narrowest layout) and a screen without a keyboard's arrows.
const NARROW = '(max-width: 40rem)';
const TOUCH = '(max-width: 40rem), (pointer: coarse)';

/** Start the page on `engine` (an EngineBridge, not started yet). */
export function startApp(engine) {
  const ui = findElements();
  const messages = new Messages(ui.announce);
  const status = new Status(ui, messages);
  const textView = new TextView(ui);
  const saving = new Saving(ui, messages);
  const notices = new Notices(ui, messages);
  let controller = null;
  const pages = new PageList(ui.pageList, (number) => shown.pick(number));
  const shown = new ShownDocument(
    { ui, messages, status, pages, notices, textView, saving, engine, textChanged: (text, format) => queue.rendered(text, format) },
    () => controller.readAgain(),
  );
  const queue = new Queue(
    { ui, messages, status, shown },
    (request) => controller.take(request),
    (announce) => controller.stop(announce),
  );
  const password = new PasswordPrompt(ui, messages, {
    submit: (typed) => controller.submitPassword(typed),
    giveUp: () => controller.givePasswordUp(),
  });
  // On a phone the text comes some 900 px below the top (after the drop zone, the status and
  // the page strip): a file read on its own, brought alone after a folder (a new user's text
  // stayed out of sight below the list), or picked in the queue, is brought into view.
  const narrow = window.matchMedia(NARROW);
  const settled = (outcome) => {
    // (Not the last converted file shown again as a list ends: the reader is at the list.)
    const alone = queue.size <= 1 || Boolean((queue.current?.viewing && !queue.closing) || queue.current?.alone);
    queue.settle(outcome);
    if (outcome.state === 'done' && alone && narrow.matches && !ui.outputPanel.hidden) {
      ui.outputPanel.scrollIntoView({ block: 'start' });
    }
  };
  controller = new Controller({ ui, messages, status, engine, shown, password, settled, rest: () => queue.rest });

  const noFile = (key) => () => {
    controller.forgetLastDrop();
    messages.say(ui.noticeDrop, key);
  };
  wireIntake(ui, (items) => {
    messages.say(ui.noticeDrop, null);
    queue.add(items);
  }, noFile('notice_not_a_file'), noFile('notice_no_pdf'));
  ui.cancel.addEventListener('click', () => controller.cancel(true));
  for (const control of [ui.format, ui.joinLines, ui.removeHeaders, ui.pageMarkers, ui.tables]) {
    control.addEventListener('change', () => shown.rerender());
  }
  ui.viewSwitch.addEventListener('change', () => {
    const view = textView.apply();
    if (view !== 'source' && shown.text) textView.markdown.show(shown.text);
  });
  for (const region of [ui.output, ui.rendered]) selectAllWithin(region);
  ui.lang.value = currentLanguage();
  ui.lang.addEventListener('change', () => {
    setLanguage(ui.lang.value);
    messages.retranslate();
    pages.recaption();
    queue.render();
    // The plain text's page markers, and the preview's page rules, are words in the page's language.
    if (ui.pageMarkers.checked && ui.format.value === 'txt') shown.rerender();
    for (const rule of ui.rendered.querySelectorAll('.md-page-marker[data-page]')) {
      rule.textContent = pageLabel(rule.dataset.page);
    }
  });

  // The hint of the page list speaks of arrow keys where there is a keyboard to press them.
  const touch = window.matchMedia(TOUCH);
  const pagesHint = () => {
    const { hidden } = ui.pagesHint; // hidden while a document has nothing to read
    messages.say(ui.pagesHint, touch.matches ? 'pages_hint_touch' : 'pages_hint');
    ui.pagesHint.hidden = hidden;
  };
  touch.addEventListener('change', pagesHint);

  translateStatic();
  pagesHint();
  textView.apply();
  saving.offer(null);
  status.set('loading', 'status_loading');
  engine.start((message) => controller.receive(message));
}
