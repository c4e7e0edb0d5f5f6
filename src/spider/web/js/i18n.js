// @ts-check
// Every text the page shows comes from one catalog (i18n/<lang>.json), looked up by id.
export const LANGUAGES = ['en', 'he', 'nl', 'pl', 'pt'];
/** @type {Record<string, string>} each language by its own name, as the picker offers it */
export const LANGUAGE_NAMES = { en: 'English', he: 'עברית', nl: 'Nederlands', pl: 'Polski', pt: 'Português' };
/** The cookie that tells the server the player's language (it answers in it, errors included). */
const LANGUAGE_COOKIE = 'spider_lang';
/**
 * A language's catalog (i18n/<lang>.json): each text by its id, a plural one by its CLDR forms; and the
 * language's tag, direction and first day of the week (CLDR's, "mon" or "sun", for its tag's region).
 * @typedef {{ lang?: string, dir?: string, first_day?: string, [id: string]: string | Record<string, string> | undefined }} Catalog
 */
let language = 'en';
/** @type {Catalog} */
let catalog = {};
let plurals = new Intl.PluralRules('en');
let numbers = new Intl.NumberFormat('en');

/** The language to speak: the one chosen before, else the browser's first of ours, else English. @param {string | null} saved */
export function chooseLanguage(saved) {
  const wanted = /** @type {string[]} */ ([saved, ...(navigator.languages || [navigator.language])].filter(Boolean));
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

/** Tell the server which language to answer in, from now on (before the first request that needs it). */
/** @param {string} lang */
export function rememberLanguage(lang) {
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=34560000; samesite=lax`;
}

/** @param {string} lang @returns {Promise<Catalog>} */
async function fetchCatalog(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  if (!response.ok) throw new Error(`i18n/${lang}.json: ${response.status}`);
  return response.json();
}

/** @param {string} lang @returns {Promise<Catalog>} */
export async function loadCatalog(lang) {
  try {
    catalog = await fetchCatalog(lang);
  } catch (error) {
    // neither the server nor the service worker has it (offline before it was kept): English, never ids
    if (lang === 'en') throw error;
    return loadCatalog('en');
  }
  language = lang;
  rememberLanguage(lang);
  plurals = new Intl.PluralRules(catalog.lang || lang);
  numbers = new Intl.NumberFormat(catalog.lang || lang);
  document.documentElement.lang = catalog.lang || lang;
  document.documentElement.dir = catalog.dir || 'ltr';
  return catalog;
}

/**
 * A whole number as the page's language writes it (CLDR, as the engine does): "1,183", "1.183", "1183";
 * a negative one with the language's own minus (Hebrew's keeps "-5" reading left to right).
 * @param {number} n
 */
export function formatNumber(n) { return numbers.format(n); }

/**
 * Text for `id`, with {name} placeholders filled (numbers written as the language writes them); plural
 * entries pick their form from params.count.
 * @param {string} id
 * @param {Record<string, string | number | null | undefined>} [params]
 * @returns {string}
 */
export function t(id, params = {}) {
  let text = catalog[id];
  if (text === undefined) return id;
  if (typeof text === 'object') {
    text = text[plurals.select(Number(params.count ?? 0))] ?? text.other;
  }
  /** @param {unknown} value */
  const written = (value) => (typeof value === 'number' && Number.isInteger(value) ? formatNumber(value) : String(value));
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? written(params[key]) : whole));
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * The first day of the reader's week, 0 for Sunday to 6 for Saturday, as a calendar starts its rows: the region's
 * of the browser's language when it is the page's ("en-GB" starts on Monday, "en-US" on Sunday), else the page's
 * language's, from Intl's week information; a browser without it takes CLDR's day from the catalog.
 * @returns {number}
 */
export function firstWeekday() {
  const own = (navigator.languages || [navigator.language]).find((tag) => tag.toLowerCase().split('-')[0] === language);
  for (const tag of [own, catalog.lang || language]) {
    if (!tag) continue;
    try {
      const locale = /** @type {Intl.Locale & { getWeekInfo?: () => { firstDay: number }, weekInfo?: { firstDay: number } }} */ (new Intl.Locale(tag));
      const week = locale.getWeekInfo ? locale.getWeekInfo() : locale.weekInfo;  // 1 is Monday, 7 Sunday
      if (week && week.firstDay >= 1 && week.firstDay <= 7) return week.firstDay % 7;
    } catch { /* a tag Intl does not know */ }
  }
  return Math.max(0, WEEKDAYS.indexOf(String(catalog.first_day || 'mon')));
}

/** The language the page speaks: one of LANGUAGES (the rules page of each is /static/rules/<code>.html). */
export function currentLanguage() { return language; }

/** @param {string} id */
export function has(id) { return id in catalog; }

/**
 * Fill data-i18n (text), data-i18n-aria (accessible name) and data-i18n-title under root.
 * @param {ParentNode} [root]
 */
export function translate(root = document) {
  /** @param {string} selector */
  const marked = (selector) => /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(selector));
  for (const el of marked('[data-i18n]')) el.textContent = t(el.dataset.i18n ?? '');
  for (const el of marked('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria ?? ''));
  for (const el of marked('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle ?? '');
}

/**
 * A key as a tooltip names it: a letter as printed on the key, Space in the page's language; Enter and
 * Escape as their keys print them in all five languages.
 * @param {string} key a KeyboardEvent.key ('u', ' ', 'Enter')
 */
export function keyName(key) {
  if (key === ' ') return t('key.space');
  return key.length === 1 ? key.toUpperCase() : key;
}

const RANK_LETTERS = 'A23456789TJQK';

/** @param {import('./types').Card} card */
export function rankOf(card) { return RANK_LETTERS.indexOf(card[0]) + 1; }

/** The rank as printed in a card's corner: A, 2 … 10, J, Q, K. @param {number} rank */
export function rankLabel(rank) {
  const id = `rank.short.${rank}`;
  return has(id) ? t(id) : String(rank);
}

/** "10 of spades" for "Ts". @param {import('./types').Card} card */
export function cardName(card) {
  return t('card.name', { rank: t(`rank.${rankOf(card)}`), suit: t(`suit.${card[1]}`) });
}

/** "4:05", "1:02:03". @param {number} seconds */
export function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
