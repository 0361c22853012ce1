// Every text the page shows, in English and Spanish. A message is a string with {name}
// placeholders or a function of (params, helpers) where grammar needs more (plurals, lists).
// Static markup carries data-i18n="key"; dynamic messages go through t().

const STORAGE_KEY = 'pdfprose.lang';
export const LANGUAGES = ['en', 'es'];
const MAX_LISTED_PAGES = 6; // SPEC §13: up to six page numbers, then "and N more"

const STRINGS = {
  en: {
    doc_title: 'pdfprose: PDF to text, on your device',
    language: 'Language',
    title: 'PDF to text, on your device',
    intro:
      'pdfprose pulls the text out of a PDF and rebuilds its paragraphs, columns and headings as plain ' +
      'text or Markdown. Everything runs in this browser tab: your file is never uploaded.',
    drop_title: 'Drop a PDF here',
    drop_or: 'or',
    choose: 'Choose a file',
    drop_hint: 'Up to 25 MB and 500 pages.',
    cancel: 'Cancel',
    pages_heading: 'Pages',
    text_heading: 'Text',
    format: 'Format',
    format_txt: 'Plain text (.txt)',
    format_md: 'Markdown (.md)',
    copy: 'Copy',
    copied: 'Copied',
    copy_failed: 'Copy failed: select the text and copy it by hand',
    download: (p) => `Download .${p.ext}`,
    footer:
      'Runs on Pyodide and pdfminer.six, served by this site. No file or text leaves your device.',
    progress_label: 'Conversion progress',

    status_loading: 'Loading the converter…',
    status_loading_queued: (p) => `Loading the converter; ${p.name} starts as soon as it is ready…`,
    status_ready: 'Ready. Drop a PDF to start.',
    status_cancelled: 'Cancelled. Ready for another PDF.',
    status_opening: (p) => `Opening ${p.name}…`,
    status_working: (p) => `Reading page ${p.done} of ${p.total}…`,
    status_done: (p, h) =>
      `Done: ${h.plural(p.pages, 'page', 'pages')} in ${h.decimal(p.seconds)} s.`,
    status_error: (p) => `Could not convert ${p.name}.`,
    status_boot_error: 'The converter could not start.',

    page_item: (p) => `Page ${p.number}`,
    columns: (p, h) => h.plural(p.columns, 'column', 'columns'),
    badge_empty: 'empty',
    badge_garbled: 'garbled',
    badge_failed: 'failed',

    note_deduced:
      'Structure (headings, paragraphs, lists and reading order) was deduced from the layout of the ' +
      'pages: check anything important against the PDF.',
    notice_empty: (p, h) =>
      `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)} ` +
      `${p.pages.length === 1 ? 'has' : 'have'} no text layer: probably scanned images or text ` +
      'drawn as outlines. Run OCR on the PDF (for example with OCRmyPDF) to get that text.',
    notice_all_empty: (p, h) =>
      `${p.pages === 1 ? 'The page has' : `None of the ${p.pages} pages has`} a text layer: this PDF ` +
      'is probably a scan, so there is no text to extract. Run OCR on it (for example with ' +
      'OCRmyPDF) and try again.',
    notice_garbled: (p, h) =>
      `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)} ` +
      `${p.pages.length === 1 ? 'uses fonts' : 'use fonts'} whose characters cannot be identified, ` +
      'so that text is unreliable. OCR gives better results there.',
    notice_failed: (p, h) =>
      `${p.pages.length === 1 ? 'Page' : 'Pages'} ${h.list(p.pages)} could not be read and ` +
      `${p.pages.length === 1 ? 'is' : 'are'} missing from the text.`,
    list_more: (p) => `${p.count} more`,

    limit_size: (p, h) =>
      `This file is ${h.decimal(p.mb)} MB; the limit is ${p.limit} MB. ` +
      'Split or compress it, then try again.',
    limit_pages: (p) =>
      `This PDF has ${p.pages} pages; the limit is ${p.limit} pages. ` +
      'Split it into smaller files, then try again.',

    error_not_pdf: 'This file is not a PDF.',
    error_unreadable: 'This PDF is damaged and could not be read.',
    error_password_required:
      'This PDF is protected with a password. Opening password-protected files is not available yet.',
    error_wrong_password: 'The password does not open this PDF.',
    error_read_failed: 'The file could not be read from your device.',
    error_internal: (p) => `Something went wrong while converting this PDF (${p.message}).`,
    error_boot: (p) => `The converter could not start (${p.message}). Reload the page to try again.`,
  },

  es: {
    doc_title: 'pdfprose: de PDF a texto, en tu dispositivo',
    language: 'Idioma',
    title: 'De PDF a texto, en tu dispositivo',
    intro:
      'pdfprose extrae el texto de un PDF y reconstruye sus párrafos, columnas y títulos como texto ' +
      'plano o Markdown. Todo ocurre en esta pestaña del navegador: tu archivo nunca se sube.',
    drop_title: 'Suelta aquí un PDF',
    drop_or: 'o',
    choose: 'Elige un archivo',
    drop_hint: 'Hasta 25 MB y 500 páginas.',
    cancel: 'Cancelar',
    pages_heading: 'Páginas',
    text_heading: 'Texto',
    format: 'Formato',
    format_txt: 'Texto plano (.txt)',
    format_md: 'Markdown (.md)',
    copy: 'Copiar',
    copied: 'Copiado',
    copy_failed: 'No se pudo copiar: selecciona el texto y cópialo a mano',
    download: (p) => `Descargar .${p.ext}`,
    footer:
      'Funciona con Pyodide y pdfminer.six, servidos por este sitio. Ningún archivo ni texto sale ' +
      'de tu dispositivo.',
    progress_label: 'Progreso de la conversión',

    status_loading: 'Cargando el conversor…',
    status_loading_queued: (p) => `Cargando el conversor; ${p.name} empezará en cuanto esté listo…`,
    status_ready: 'Listo. Suelta un PDF para empezar.',
    status_cancelled: 'Cancelado. Listo para otro PDF.',
    status_opening: (p) => `Abriendo ${p.name}…`,
    status_working: (p) => `Leyendo la página ${p.done} de ${p.total}…`,
    status_done: (p, h) =>
      `Hecho: ${h.plural(p.pages, 'página', 'páginas')} en ${h.decimal(p.seconds)} s.`,
    status_error: (p) => `No se pudo convertir ${p.name}.`,
    status_boot_error: 'El conversor no pudo arrancar.',

    page_item: (p) => `Página ${p.number}`,
    columns: (p, h) => h.plural(p.columns, 'columna', 'columnas'),
    badge_empty: 'vacía',
    badge_garbled: 'ilegible',
    badge_failed: 'fallida',

    note_deduced:
      'La estructura (títulos, párrafos, listas y orden de lectura) se ha deducido de la disposición ' +
      'de las páginas: comprueba lo importante con el PDF.',
    notice_empty: (p, h) =>
      `${p.pages.length === 1 ? 'La página' : 'Las páginas'} ${h.list(p.pages)} ` +
      `${p.pages.length === 1 ? 'no tiene' : 'no tienen'} capa de texto: probablemente son ` +
      'imágenes escaneadas o texto convertido en trazos. Aplica OCR al PDF (por ejemplo con ' +
      'OCRmyPDF) para obtener ese texto.',
    notice_all_empty: (p) =>
      `${p.pages === 1 ? 'La página no tiene' : `Ninguna de las ${p.pages} páginas tiene`} capa de ` +
      'texto: este PDF es probablemente un escaneo, así que no hay texto que extraer. Aplícale OCR ' +
      '(por ejemplo con OCRmyPDF) y vuelve a intentarlo.',
    notice_garbled: (p, h) =>
      `${p.pages.length === 1 ? 'La página' : 'Las páginas'} ${h.list(p.pages)} ` +
      `${p.pages.length === 1 ? 'usa' : 'usan'} fuentes cuyos caracteres no se pueden identificar, ` +
      'así que ese texto no es fiable. Con OCR se obtienen mejores resultados.',
    notice_failed: (p, h) =>
      `No se ${p.pages.length === 1 ? 'pudo' : 'pudieron'} leer ` +
      `${p.pages.length === 1 ? 'la página' : 'las páginas'} ${h.list(p.pages)}; ` +
      `${p.pages.length === 1 ? 'falta' : 'faltan'} en el texto.`,
    list_more: (p) => `${p.count} más`,

    limit_size: (p, h) =>
      `Este archivo ocupa ${h.decimal(p.mb)} MB; el límite es de ${p.limit} MB. ` +
      'Divídelo o comprímelo y vuelve a intentarlo.',
    limit_pages: (p) =>
      `Este PDF tiene ${p.pages} páginas; el límite es de ${p.limit} páginas. ` +
      'Divídelo en archivos más pequeños y vuelve a intentarlo.',

    error_not_pdf: 'Este archivo no es un PDF.',
    error_unreadable: 'Este PDF está dañado y no se pudo leer.',
    error_password_required:
      'Este PDF está protegido con contraseña. Todavía no se pueden abrir archivos con contraseña.',
    error_wrong_password: 'La contraseña no abre este PDF.',
    error_read_failed: 'No se pudo leer el archivo de tu dispositivo.',
    error_internal: (p) => `Algo falló al convertir este PDF (${p.message}).`,
    error_boot: (p) => `El conversor no pudo arrancar (${p.message}). Recarga la página para reintentarlo.`,
  },
};

let language = detectLanguage();

function readStored() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage can be blocked (privacy settings): fall back to the browser language
  }
}

export function detectLanguage() {
  const stored = readStored();
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

export function currentLanguage() {
  return language;
}

const helpers = {
  plural: (n, one, many) => `${formatInteger(n)} ${n === 1 ? one : many}`,
  decimal: (x) =>
    new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x),
  list: (numbers) => {
    const shown = numbers.slice(0, MAX_LISTED_PAGES).map(String);
    const rest = numbers.length - shown.length;
    if (rest > 0) shown.push(t('list_more', { count: rest }));
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(shown);
  },
};

function formatInteger(n) {
  return new Intl.NumberFormat(language).format(n);
}

/** The message `key` in the current language, with `params` filled in. */
export function t(key, params = {}) {
  const message = STRINGS[language][key] ?? STRINGS.en[key];
  if (message === undefined) return key;
  if (typeof message === 'function') return message(params, helpers);
  return message.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

/** Switch language, remember it, and translate the static markup. */
export function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) return;
  language = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not remembered: the choice still applies to this visit
  }
  translateStatic();
}

export function translateStatic(root = document) {
  document.documentElement.lang = language;
  document.title = t('doc_title');
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  }
}
