// Texts shown from a message key (app/i18n.js) remember it, so that switching language
// translates everything on the page again, announcements included.

import { t } from '../i18n.js';

export class Messages {
  /** @param announcer the visually hidden live region screen readers read announcements from */
  constructor(announcer) {
    this.announcer = announcer;
    this.shown = new Map(); // element -> [key, params]
  }

  /** Show message `key` in `el` (and unhide it); `key` null empties and hides it. */
  say(el, key, params = {}) {
    if (key === null) {
      this.shown.delete(el);
      el.textContent = '';
      el.hidden = true;
      return;
    }
    this.shown.set(el, [key, params]);
    el.textContent = t(key, params);
    el.hidden = false;
  }

  /** The key of what `el` shows, or null. */
  keyOf(el) {
    return this.shown.get(el)?.[0] ?? null;
  }

  /** `el` (gone from the page, or emptied by other means) is no longer translated. */
  forget(el) {
    this.shown.delete(el);
  }

  /** Say `key` to screen readers. A new text node each time, so the same message is announced
   * again; remembered like any other message, so a language switch says it again in the new
   * language (it stayed English). */
  announce(key, params = {}) {
    this.shown.delete(this.announcer);
    this.announcer.textContent = '';
    requestAnimationFrame(() => {
      this.shown.set(this.announcer, [key, params]);
      this.announcer.textContent = t(key, params);
    });
  }

  /** Forget an announcement of `key` if it is the last one (said once: a language switch
   * minutes later must not say it again out of nowhere). */
  unannounce(key) {
    if (this.keyOf(this.announcer) !== key) return;
    this.shown.delete(this.announcer);
    this.announcer.textContent = '';
  }

  /** Every remembered text again, in the current language. */
  retranslate() {
    for (const [el, [key, params]] of this.shown) el.textContent = t(key, params);
  }
}
