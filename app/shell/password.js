// The password prompt of a protected PDF. The password never leaves the page: it goes to the
// engine worker with the file, and the field is emptied once it is used or given up.

export class PasswordPrompt {
  /**
   * @param {{submit: (password: string) => void, giveUp: () => void}} on what the reader does:
   *   sends a password, or lets the file go (Cancel, or Escape in the prompt)
   */
  constructor(ui, messages, on) {
    this.ui = ui;
    this.messages = messages;
    ui.passwordForm.addEventListener('submit', (event) => {
      event.preventDefault();
      on.submit(ui.password.value);
    });
    const giveUp = () => {
      this.hide();
      ui.password.value = ''; // what was typed is not kept
      on.giveUp();
    };
    ui.passwordCancel.addEventListener('click', giveUp);
    ui.passwordForm.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      giveUp();
    });
  }

  /** Ask with message `key` (password_required, password_wrong, password_empty). */
  show(key, fileName) {
    const { ui } = this;
    this.messages.say(ui.passwordMessage, key, { name: fileName });
    ui.passwordForm.hidden = false;
    ui.passwordForm.dataset.reason = key;
    ui.password.setAttribute('aria-invalid', String(key !== 'password_required'));
    ui.password.focus();
    ui.password.select();
  }

  hide() {
    const { ui } = this;
    // A hidden field keeps no focus: the keyboard would be dropped at the top of the page. The
    // status line, which says what happens next, takes it.
    if (ui.passwordForm.contains(document.activeElement)) ui.status.focus();
    ui.passwordForm.hidden = true;
    delete ui.passwordForm.dataset.reason;
    this.messages.forget(ui.passwordMessage);
    ui.passwordMessage.textContent = '';
  }

  /** Nothing typed is offered to another file. */
  clear() {
    this.ui.password.value = '';
  }
}
