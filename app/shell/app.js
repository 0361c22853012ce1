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
    { ui, messages, status, pages, notices, textView, saving, engine },
    () => controller.readAgain(),
  );
  const password = new PasswordPrompt(ui, messages, {
    submit: (typed) => controller.submitPassword(typed),
    giveUp: () => controller.givePasswordUp(),
  });
  controller = new Controller({ ui, messages, status, engine, shown, password });

  wireIntake(ui, (request) => controller.take(request), () => {
    controller.forgetLastDrop();
    messages.say(ui.noticeDrop, 'notice_not_a_file');
  });
  ui.cancel.addEventListener('click', () => controller.cancel(true));
  for (const control of [ui.format, ui.joinLines, ui.removeHeaders, ui.pageMarkers]) {
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
    // The plain text's page markers, and the preview's page rules, are words in the page's language.
    if (ui.pageMarkers.checked && ui.format.value === 'txt') shown.rerender();
    for (const rule of ui.rendered.querySelectorAll('.md-page-marker[data-page]')) {
      rule.textContent = pageLabel(rule.dataset.page);
    }
  });

  translateStatic();
  textView.apply();
  saving.offer(null);
  status.set('loading', 'status_loading');
  engine.start((message) => controller.receive(message));
}
