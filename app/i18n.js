// Every text the page shows, in English and Spanish (app/i18n/en.js, app/i18n/es.js). A message
// is a string with {name} placeholders or a function of (params, helpers) where grammar needs
// more (plurals, lists). Static markup carries data-i18n="key"; dynamic messages go through t().

import { MAX_FILE_BYTES, MAX_PAGES } from '../static/vendor/limits.mjs';
import en from './i18n/en.js';
import es from './i18n/es.js';

const STORAGE_KEY = 'pdfprose.lang';
export const LANGUAGES = ['en', 'es'];
const MAX_LISTED_PAGES = 6; // SPEC §13: up to six page numbers, then "and N more"

const STRINGS = { en, es };

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
  // The page's limits (the engine's own, scripts/vendor_web.py), for the texts that state them.
  limits: { mb: MAX_FILE_BYTES / 1e6, pages: MAX_PAGES },
  // What a garbled notice's groups name in all: one page ("that page") or more ("those pages").
  those: (p, one, many) => (p.groups.reduce((n, g) => n + g.pages.length, 0) === 1 ? one : many),
  plural: (n, one, many) => `${formatInteger(n)} ${n === 1 ? one : many}`,
  // A whole number the engine formatted in English ("500,000") in the page's language; any other
  // text as it is.
  figure: (text) =>
    (/^\d{1,3}(,\d{3})*$/.test(String(text)) ? formatInteger(Number(String(text).replaceAll(',', ''))) : text),
  decimal: (x) =>
    new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x),
  // A time in seconds to a tenth; one that rounds to nothing is "under 0.1 s", not "0.0 s" (a
  // new user read "1 page in 0.0 s" as a conversion that had not happened).
  seconds: (x) => (x < 0.05 ? t('seconds_under', { tenth: helpers.decimal(0.1) }) : `${helpers.decimal(x)} s`),
  // Another message inside this one (its key and params kept, so a language switch redoes both).
  message: (key, params) => t(key, params),
  // garbled causes ({key, text}): the engine's keys translated, its English text otherwise
  causes: (causes) =>
    causes.map(({ key, text }) => (STRINGS[language][`cause_${key}`] ?? text ?? key)).join('; '),
  percent: (x) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(x),
  // The reason once when every failed page has the same one (a cut-short file's six "page N:
  // its content is missing" read as a stutter), else "page 3: reason; page 7: reason" for up
  // to six failed pages.
  reasons: (failed, name) => {
    const texts = failed.map((f) => reasonText(f));
    if (texts.every((text) => text === texts[0])) return reasonText(failed[0], failed.length);
    return failed
      .slice(0, MAX_LISTED_PAGES)
      .map((f, i) => `${name(f.number)}: ${texts[i]}`)
      .join('; ');
  },
  list: (numbers) => {
    const shown = numbers.slice(0, MAX_LISTED_PAGES).map(String);
    const rest = numbers.length - shown.length;
    if (rest > 0) shown.push(t('list_more', { count: rest }));
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(shown);
  },
};

// A failed page's reason: the limit that stopped it, or the engine's reason code, translated when
// there is one (or when its English words are known), its own words otherwise.
const REASON_PHRASES = [
  ['its content is missing from the file', 'content_missing'],
  ['unreadable page box', 'page_box'],
  ['internal error', 'internal'],
  ['no text could be read from this page of the damaged file', 'damaged_page'],
  ['its text was lost: its content was cut at', 'content_cut'],
];
function reasonText(failed, pages = 1) {
  const reason = failed.reason ?? '';
  // A page a guard stopped is worded from its limit (part and value), not from English words.
  const stopped = failed.part ? STRINGS[language].reason_stopped(failed, helpers) : undefined;
  if (stopped) return stopped;
  const code = failed.code ?? REASON_PHRASES.find(([phrase]) => reason.startsWith(phrase))?.[1];
  const strings = STRINGS[language];
  return (pages > 1 ? strings[`reason_${code}_many`] : undefined) ?? strings[`reason_${code}`] ?? (reason || '?');
}

function formatInteger(n) {
  return new Intl.NumberFormat(language).format(n);
}

/** Every message key of `lang` (the tests check that both languages have the same keys). */
export function messageKeys(lang) {
  return Object.keys(STRINGS[lang] ?? {}).sort();
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
