// The status line, its progress bar and the Cancel button. The status's `data-state` is what the
// tests and the benchmarks wait on: loading, ready, working, cancelling, password, done, error.

export class Status {
  constructor(ui, messages) {
    this.ui = ui;
    this.messages = messages;
  }

  get state() {
    return this.ui.status.dataset.state;
  }

  /** The key of the message shown (status_error, status_boot_error, ...). */
  get key() {
    return this.messages.keyOf(this.ui.status);
  }

  /** A file is being read or cancelled: another one waits or replaces it. */
  get busy() {
    return ['working', 'cancelling'].includes(this.state);
  }

  set(stateName, key, params = {}) {
    const { status, progress, cancel } = this.ui;
    status.dataset.state = stateName;
    if (stateName === 'loading' || stateName === 'cancelling') progress.removeAttribute('value');
    else if (stateName === 'ready') progress.value = 0;
    this.messages.say(status, key, params);
    // Busy while pages tick by, so screen readers announce the outcome, not every page.
    status.setAttribute('aria-busy', String(stateName === 'working'));
    cancel.hidden = stateName !== 'working';
  }

  /** Diagnostics on the status element (data-*), read by the tests and the benchmarks. */
  mark(name, value) {
    if (value === null || value === undefined) delete this.ui.status.dataset[name];
    else this.ui.status.dataset[name] = String(value);
  }

  get marks() {
    return this.ui.status.dataset;
  }
}
