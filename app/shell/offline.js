// The service worker (sw.js), registered once the engine is up, so that its first download never
// competes with the engine's own; it then keeps the page and the runtime for the next visits.

export function registerServiceWorker(ui) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register(new URL('../../sw.js', import.meta.url), { scope: new URL('../../', import.meta.url).pathname })
    .then(() => navigator.serviceWorker.ready)
    .then(() => {
      ui.offlineNote.hidden = false;
      document.documentElement.dataset.offlineReady = 'true';
    })
    .catch((err) => console.warn('pdfprose: offline copy unavailable:', err?.message ?? err));
}
