// @ts-check
// The daily deal, loaded with import() when first opened (the More menu, the New game dialog, the statistics):
// today's three deals with the player's state, a day's board (top 100 and the player's place, friends marked,
// finished games linked to the replay viewer once their day is over), the earlier days to play off the board, and
// the streaks. The server deals and counts: the page never sees a day's code, nor any game of it, before the day is
// over (UTC).
import { api, request } from './api.js';
import { state } from './state.js';
import { settings, presetOf, suitCountOf, CONSTANTS } from './settings.js';
import { t, formatNumber, formatTime, currentLanguage, firstWeekday } from './i18n.js';
import { setView } from './game.js';
import { openDialog, esc, askFirst } from './dialog.js';
import { say, refuse } from './status.js';
import { addStyle } from './styles.js';
import { helpLink } from './help.js';
/** @import * as T from './types' */

const CALENDAR_DAYS = 28;
// the presets whose helps a daily deal takes (everyone plays it under the classic table rules)
const DAILY_PRESETS = ['classic', 'casual', 'patience', 'tabletop'];

/** @returns {Promise<T.DailyToday>} */
const today = () => request('GET /api/daily');
/** @param {string} day @param {number} suits @param {boolean} friends @returns {Promise<T.DailyBoard>} */
const boardOf = (day, suits, friends) => request('GET /api/daily/{date}/{suits}', { path: { date: day, suits }, query: { friends: friends || undefined } });

/** A day (YYYY-MM-DD, UTC) as the language writes it: whole, with its weekday, its number alone, its month, or its
weekday short, narrow or long. @param {string} day @param {'long' | 'full' | 'day' | 'month' | 'weekday' | 'weekday-narrow' | 'weekday-long'} [style] */
function dayName(day, style = 'long') {
  /** @type {Record<string, Intl.DateTimeFormatOptions>} */
  const styles = {
    long: { dateStyle: 'long' }, full: { dateStyle: 'full' }, day: { day: 'numeric' }, month: { month: 'long', year: 'numeric' },
    weekday: { weekday: 'short' }, 'weekday-narrow': { weekday: 'narrow' }, 'weekday-long': { weekday: 'long' },
  };
  const options = styles[style];
  return new Intl.DateTimeFormat(currentLanguage(), { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The day `back` days before `day`. @param {string} day @param {number} back */
function before(day, back) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}

/**
 * One month of the calendar, as a wall calendar shows it: the weekdays' names over seven columns from the reader's
 * first day of the week (right to left in Hebrew, as the page runs), each day under its weekday, marked with the
 * player's entries of it: ✓ when one was won, ● when played (lost, or still going).
 * @param {string[]} inMonth its days shown, in order
 * @param {string} today
 * @param {Map<string, string>} played each entry's state by "day/suits"
 */
function calendarMonth(inMonth, today, played) {
  const first = firstWeekday();
  const weekday = (/** @type {string} */ day) => new Date(`${day}T00:00:00Z`).getUTCDay();
  // the columns the month's first day stands after, and the week it falls in, whose days name the columns (each
  // day's button says its weekday to a screen reader: the headings are for the eye)
  const offset = (weekday(inMonth[0]) - first + 7) % 7;
  const week = Array.from({ length: 7 }, (_, i) => before(inMonth[0], offset - i));
  // short names, and one or two letters where a phone's seven columns are too narrow for them (daily.css)
  const headings = week.map((day) => `<span class="daily-weekday" aria-hidden="true" title="${esc(dayName(day, 'weekday-long'))}"><span class="short">${esc(dayName(day, 'weekday'))}</span><span class="narrow">${esc(dayName(day, 'weekday-narrow'))}</span></span>`).join('');
  const blanks = '<span></span>'.repeat(offset);
  const buttons = inMonth.map((day) => {
    const entries = CONSTANTS.suit_counts.filter((n) => played.has(`${day}/${n}`))
      .map((n) => t(`daily.calendar.${played.get(`${day}/${n}`)}`, { suits: t('suits.option', { count: n }) }));
    const won = CONSTANTS.suit_counts.some((n) => played.get(`${day}/${n}`) === 'won');
    const mark = won ? ' data-won' : entries.length ? ' data-played' : '';
    const label = entries.length ? t('daily.calendar.day', { date: dayName(day, 'full'), entries: entries.join(', ') }) : dayName(day, 'full');
    return `<button type="button" data-day="${day}"${mark} aria-pressed="${day === today}" aria-label="${esc(label)}" title="${esc(label)}">
      <span class="daily-date">${esc(dayName(day, 'day'))}</span><span class="daily-mark" aria-hidden="true">${won ? '✓' : entries.length ? '●' : ''}</span></button>`;
  }).join('');
  const month = dayName(inMonth[0], 'month');
  return `<h4 class="daily-month">${esc(month)}</h4><div class="daily-calendar" role="group" aria-label="${esc(month)}">${headings}${blanks}${buttons}</div>`;
}

/** A new game of a day's deal, under the player's preset's helps (the classic one's otherwise). */
async function play(/** @type {string} */ day, /** @type {T.SuitCount} */ suits, /** @type {boolean} */ ranked) {
  say(t('app.loading'), { quiet: true });
  const preset = presetOf(settings.rules);
  try {
    const view = await api.create({ daily: day, suits, ...(preset && DAILY_PRESETS.includes(preset) ? { preset } : {}) });
    setView(view);
    const text = t('daily.started', { suits: t('suits.option', { count: suits }), date: dayName(day) });
    say(ranked ? text : `${text} ${t('daily.unranked')}`);
  } catch (error) {
    refuse(error);
  }
}

/** The player's game of today's deal, taken up where it was. @param {string} id */
async function resume(id) {
  try { setView(await api.get(id)); } catch (error) { refuse(error); }
}

/** @param {T.DailyDeal} deal */
function dealState(deal) {
  if (deal.state === 'won' || deal.state === 'lost') {
    const result = t(`daily.state.${deal.state}`);
    return deal.place ? `${result} · ${t('daily.place', { place: deal.place, count: deal.finished })}` : result;
  }
  return t(`daily.state.${deal.state}`);
}

/** @param {T.DailyDeal} deal */
const dealAction = (deal) => t(deal.state === 'new' ? 'daily.play' : deal.state === 'playing' ? 'daily.continue' : 'daily.again');

/** The board of a day at a suit count, into `into`. @param {HTMLElement} into @param {string} day @param {number} suits @param {boolean} friends @param {boolean} isToday */
async function showBoard(into, day, suits, friends, isToday) {
  into.setAttribute('aria-busy', 'true');
  let found;
  try { found = await boardOf(day, suits, friends); } catch (error) {
    into.textContent = /** @type {Error} */ (error).message;
    into.removeAttribute('aria-busy');
    return;
  }
  into.removeAttribute('aria-busy');
  // the player's entry held off the board while it is checked for play that knew the face-down cards: told so,
  // where their place would be
  const checking = found.checking ? `<p class="note" data-checking role="status">${esc(found.checking)} ${helpLink('fair-play')}</p>` : '';
  const unranked = `${found.unranked ? `<p class="note" data-unranked>${esc(found.unranked)}</p>` : ''}${checking}`;
  if (!found.entries.length) {  // "nobody has finished" would belie the player's own entry being checked
    into.innerHTML = `${unranked}${found.checking ? '' : `<p class="note">${esc(t('daily.board.none'))}</p>`}`;
    return;
  }
  const hidden = isToday && found.entries.some((entry) => !entry.game);
  const row = (/** @type {T.DailyEntry} */ entry) => {
    const marks = [entry.you ? t('daily.board.you') : '', entry.friend ? t('daily.board.friend') : ''].filter(Boolean);
    // not a template inside another: the server's minifier (rjsmin) takes the inner one's first space for code's
    const whose = marks.length ? ` <small>(${esc(marks.join(', '))})</small>` : '';
    const name = `${esc(entry.name || t('daily.board.anonymous'))}${whose}`;
    const helped = entry.helped ? ` <span class="daily-helped" title="${esc(t('daily.board.helped.about'))}">${esc(t('daily.board.helped'))}</span>` : '';
    const replay = entry.game ? ` ·\u00a0<a href="/?replay=${encodeURIComponent(entry.game)}">${esc(t('daily.board.replay'))}</a>` : '';
    // the result, its marks and the replay under the name, not in columns of their own: four columns fit a phone's
    // 360 px in every language (Portuguese's "Resultado" and "Pontuação" side by side did not)
    const result = `<span class="daily-result"${entry.won ? ' data-won' : ''}>${esc(t(entry.won ? 'daily.state.won' : 'daily.state.lost'))}${helped}${replay}</span>`;
    return `<tr${entry.you ? ' class="you" aria-current="true"' : ''}${entry.friend ? ' data-friend' : ''}><td>${formatNumber(entry.place)}</td><th scope="row"><span class="daily-name">${name}</span>${result}</th>
      <td>${formatNumber(entry.score)}</td><td>${esc(formatTime(entry.seconds))}</td></tr>`;
  };
  const you = found.you && !found.entries.some((entry) => entry.you) ? `<tbody class="daily-you">${row(found.you)}</tbody>` : '';
  into.innerHTML = `${unranked}<table class="daily-board-table"><thead><tr><th scope="col">${esc(t('daily.col.place'))}</th><th scope="col">${esc(t('daily.col.player'))}</th>
    <th scope="col">${esc(t('daily.col.score'))}</th><th scope="col">${esc(t('daily.col.time'))}</th></tr></thead>
    <tbody>${found.entries.map(row).join('')}</tbody>${you}</table>${hidden ? `<p class="note">${esc(t('daily.board.hidden'))}</p>` : ''}`;
}

/** The Daily deal dialog. */
export async function openDaily() {
  addStyle('daily');
  const d = openDialog(`<div class="body daily"><h2>${esc(t('daily.title'))}</h2><p class="note">${esc(t('daily.about'))} ${helpLink('daily')}</p>
    <div class="daily-today">${esc(t('stats.loading'))}</div>
    <form method="dialog" class="actions"><button value="close" class="primary">${esc(t('button.close'))}</button></form></div>`,
  { label: t('daily.title') });
  /** @type {T.DailyToday} */
  let found;
  try { found = await today(); } catch (error) {
    /** @type {HTMLElement} */ (d.querySelector('.daily-today')).textContent = /** @type {Error} */ (error).message;
    return;
  }
  const hours = Math.floor(found.next_in / 3600);
  const minutes = Math.floor((found.next_in % 3600) / 60);
  const deals = found.deals.map((deal) => `<li><button type="button" data-daily-suits="${deal.suits}" data-state="${deal.state}">
    <b>${esc(t('suits.option', { count: deal.suits }))}</b><small>${esc(dealState(deal))}</small><span class="go">${esc(dealAction(deal))}</span></button></li>`).join('');
  const suitRadios = CONSTANTS.suit_counts.map((n) => `<label><input type="radio" name="daily-suits" value="${n}"${n === settings.suits ? ' checked' : ''}> ${esc(t('suits.option', { count: n }))}</label>`).join('');
  // the player's entries by day and suit count, today's among them: each day of the calendar marked with them
  const played = new Map(found.past.map((past) => [`${past.day}/${past.suits}`, past.state]));
  for (const deal of found.deals) if (deal.state !== 'new') played.set(`${found.day}/${deal.suits}`, deal.state);
  // the last four weeks' days, none before the site's first day of daily deals (the server refuses those)
  const days = [];
  for (let back = CALENDAR_DAYS; back >= 0; back -= 1) {
    const day = before(found.day, back);
    if (day >= found.first_day) days.push(day);
  }
  /** @type {Map<string, string[]>} */
  const months = new Map();
  for (const day of days) months.set(day.slice(0, 7), [...(months.get(day.slice(0, 7)) || []), day]);
  const calendar = [...months.values()].map((inMonth) => calendarMonth(inMonth, found.day, played)).join('');
  /** @type {HTMLElement} */ (d.querySelector('.daily-today')).innerHTML = `
    <p>${esc(t('daily.today', { date: dayName(found.day) }))} · ${esc(t('daily.next', { time: `${hours}:${String(minutes).padStart(2, '0')}` }))}</p>
    <ul class="daily-deals">${deals}</ul>
    <h3 id="daily-board-title">${esc(t('daily.board'))} · <span data-board-day>${esc(dayName(found.day))}</span></h3>
    <div class="daily-board-controls"><div class="suit-radios" role="radiogroup" aria-labelledby="daily-board-title">${suitRadios}</div>
    <label><input type="checkbox" name="daily-friends"> ${esc(t('daily.board.friends'))}</label></div>
    <div class="daily-board" aria-labelledby="daily-board-title"></div>
    <p class="daily-past-play" hidden><button type="button" data-play-past></button></p>
    <h3>${esc(t('daily.calendar'))}</h3><p class="note">${esc(t('daily.calendar.about'))}</p>
    ${calendar}<p class="note daily-key">${esc(t('daily.calendar.key'))}</p>`;
  let day = found.day;
  const board = /** @type {HTMLElement} */ (d.querySelector('.daily-board'));
  const chosenSuits = () => suitCountOf(/** @type {HTMLInputElement} */ (d.querySelector('input[name="daily-suits"]:checked')).value);
  const friends = /** @type {HTMLInputElement} */ (d.querySelector('input[name="daily-friends"]'));
  const pastButton = /** @type {HTMLButtonElement} */ (d.querySelector('[data-play-past]'));
  const refresh = () => {
    /** @type {HTMLElement} */ (d.querySelector('[data-board-day]')).textContent = dayName(day);
    const past = day !== found.day;
    /** @type {HTMLElement} */ (d.querySelector('.daily-past-play')).hidden = !past;
    pastButton.textContent = t('daily.past.play', { date: dayName(day), suits: t('suits.option', { count: chosenSuits() }) });
    showBoard(board, day, chosenSuits(), friends.checked, !past);
  };
  for (const input of d.querySelectorAll('input[name="daily-suits"], input[name="daily-friends"]')) input.addEventListener('change', refresh);
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (d.querySelectorAll('[data-day]'))) {
    button.addEventListener('click', () => {
      day = String(button.dataset.day);
      for (const other of d.querySelectorAll('[data-day]')) other.setAttribute('aria-pressed', String(other === button));
      refresh();
    });
  }
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (d.querySelectorAll('[data-daily-suits]'))) {
    const deal = found.deals.find((one) => one.suits === Number(button.dataset.dailySuits));
    button.addEventListener('click', () => {
      if (!deal) return;
      d.close('daily');
      if (deal.state === 'playing' && deal.game) {
        const id = deal.game;
        if (!state.view || state.view.id !== id) askFirst(() => resume(id));
      } else {
        askFirst(() => play(found.day, /** @type {T.SuitCount} */ (deal.suits), deal.state === 'new'));
      }
    });
  }
  pastButton.addEventListener('click', () => {
    const suits = chosenSuits();
    d.close('daily');
    askFirst(() => play(day, suits, false));
  });
  refresh();
  const first = /** @type {HTMLElement | null} */ (d.querySelector('[data-state="new"], [data-state="playing"], [data-daily-suits]'));
  if (first) first.focus();
}

/**
 * The daily streaks as a table for the statistics dialog, after what `into` holds.
 * @param {HTMLElement} into
 */
export async function showStreaks(into) {
  let found;
  try { found = await today(); } catch { return; } // the rest of the statistics stands without them
  const head = `<tr><td></td>${CONSTANTS.suit_counts.map((n) => `<th scope="col">${esc(t('suits.option', { count: n }))}</th>`).join('')}</tr>`;
  const rows = /** @type {const} */ (['played', 'won', 'best_won']).map((key) => `<tr><th scope="row">${esc(t(`daily.streak.${key}`))}</th>${CONSTANTS.suit_counts.map((n) => `<td>${formatNumber((found.streaks[String(n)] || { [key]: 0 })[key])}</td>`).join('')}</tr>`).join('');
  const section = document.createElement('section');
  section.className = 'daily-streaks';
  section.innerHTML = `<h3>${esc(t('daily.streaks'))}</h3><table><thead>${head}</thead><tbody>${rows}</tbody></table>`;
  into.append(section);
}
