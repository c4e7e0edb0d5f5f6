// @ts-check
// The statistics dialog: the player's results by suit count (typed-in codes' games among them), everyone's win
// rates, the offline games apart; and the last games of one suit count, as a chart (chart.js) and a table, each game that may be shown
// opened in the replay viewer (viewer.js); and a game record file opened there.
import { api, request } from './api.js';
import { state } from './state.js';
import { settings, RULE_CHOICES, CONSTANTS } from './settings.js';
import { t, formatTime, formatNumber, currentLanguage } from './i18n.js';
import { refuse } from './status.js';
import { openDialog, esc } from './dialog.js';
import { resultsChart } from './chart.js';
/** @import * as T from './types' */

const closeButton = () => `<button value="close" class="primary">${esc(t('button.close'))}</button>`;

export async function statsDialog() {
  const d = openDialog(`<div class="body"><h2>${esc(t('stats.title'))}</h2><div class="stats">${esc(t('stats.loading'))}</div>
    <section class="history" aria-labelledby="history-title"></section>
    <form method="dialog" class="actions"><button type="button" data-boards>${esc(t('boards.open'))}</button><button type="button" data-open-record>${esc(t('viewer.open'))}</button>${closeButton()}</form></div>`, { label: t('stats.title') });
  d.querySelector('[data-boards]')?.addEventListener('click', async () => (await import('./leaderboards.js')).leaderboards('scores'));
  /** @type {HTMLElement} */ (d.querySelector('[data-open-record]')).addEventListener('click', () => import('./viewer.js').then((viewer) => viewer.chooseRecordFile()));
  const history = /** @type {HTMLElement} */ (d.querySelector('.history'));
  showHistory(history, state.view ? state.view.suits : settings.suits);
  // taken before the answers come: by then another dialog (the leaderboards, say) may have replaced this one
  const box = /** @type {HTMLElement} */ (d.querySelector('.stats'));
  let stats;
  try { stats = await api.stats(); } catch (error) {
    box.textContent = /** @type {Error} */ (error).message;
    return;
  }
  const none = t('stats.none');
  /** @type {(v: unknown, f?: (v: any) => string) => string} */
  const show = (v, f = formatNumber) => (v === null || v === undefined ? none : esc(f(v)));
  const suits = CONSTANTS.suit_counts;
  /** @type {(n: number) => Partial<T.Tally>} */
  const by = (n) => (stats.by_suits || {})[n] || {};
  /** @type {[string, (n: number) => string][]} */
  const rows = [
    ['stats.games', (n) => show(by(n).games ?? 0)],
    ['stats.wins', (n) => show(by(n).wins ?? 0)],
    ['stats.win_rate', (n) => show(by(n).win_rate, (r) => `${Math.round(r * 100)}%`)],
    ['stats.streak', (n) => show(by(n).current_streak ?? 0)],
    ['stats.best_streak', (n) => show(by(n).best_streak ?? 0)],
    ['stats.best_time', (n) => show(by(n).best_seconds, formatTime)],
    ['stats.fewest_moves', (n) => show(by(n).fewest_moves)],
  ];
  const best = stats.best_scores || {};
  for (const k of RULE_CHOICES.scoring || []) rows.push([`stats.score.${k}`, (n) => show((best[n] || {})[String(k)])]);
  const head = `<tr><td></td>${suits.map((n) => `<th scope="col">${esc(t('suits.option', { count: n }))}</th>`).join('')}</tr>`;
  const body = rows.map(([id, value], i) => `${i === 7 ? `<tr><th colspan="${suits.length + 1}" scope="rowgroup" class="group">${esc(t('stats.best_scores'))}</th></tr>` : ''}<tr><th scope="row">${esc(t(id))}</th>${suits.map((n) => `<td>${value(n)}</td>`).join('')}</tr>`).join('');
  const site = stats.site;
  const siteRows = site && site.by_suits ? `<h3>${esc(t('stats.site', { days: site.period_days, count: site.period_days }))}</h3>
    <table><thead>${head}</thead><tbody><tr><th scope="row">${esc(t('stats.win_rate'))}</th>${suits.map((n) => `<td>${show((site.by_suits[n] || {}).win_rate, (r) => `${Math.round(r * 100)}%`)}</td>`).join('')}</tr>
    <tr><th scope="row">${esc(t('stats.games'))}</th>${suits.map((n) => `<td>${show((site.by_suits[n] || {}).games ?? 0)}</td>`).join('')}</tr></tbody></table>
    <p class="note">${esc(site.method || '')}</p>` : '';
  const { offlineStats } = await import('./offline/stats.js'); // off the first load
  box.innerHTML = `<table><thead>${head}</thead><tbody>${body}</tbody></table>${siteRows}${offlineStats(stats.offline, head)}`;
  import('./daily.js').then((daily) => daily.showStreaks(box)).catch(() => {});
}

/** @param {string} name */
const resultName = (name) => t(`history.result.${name}`);

/**
 * The last games of ``suits`` in ``section``: the suit counts to choose from, the chart and the table. Every game is
 * listed, a typed-in code's as any other with its mark, as the statistics above count it with the others (and
 * everyone's win rates leave it out); a game that counts in no results says so.
 * @param {HTMLElement} section
 * @param {number} suits
 */
async function showHistory(section, suits) {
  const choices = CONSTANTS.suit_counts.map((n) => `<label><input type="radio" name="history-suits" value="${n}"${n === suits ? ' checked' : ''}> ${esc(t('suits.option', { count: n }))}</label>`).join('');
  section.innerHTML = `<h3 id="history-title">${esc(t('history.title'))}</h3>
    <div class="suit-radios" role="radiogroup" aria-label="${esc(t('newgame.suits'))}">${choices}</div>
    <div class="history-body">${esc(t('stats.loading'))}</div>`;
  for (const radio of section.querySelectorAll('input[name="history-suits"]')) {
    radio.addEventListener('change', () => showHistory(section, Number(/** @type {HTMLInputElement} */ (radio).value)));
  }
  const into = /** @type {HTMLElement} */ (section.querySelector('.history-body'));
  /** @type {T.History} */
  let found;
  try {
    found = await request('GET /api/history', { query: { suits, limit: 50 } });
  } catch (error) {
    into.textContent = /** @type {Error} */ (error).message;
    return;
  }
  const games = found.games;
  if (!games.length) {
    into.innerHTML = `<p class="note">${esc(t('history.none'))}</p>`;
    return;
  }
  const dates = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'short', timeStyle: 'short' });
  const ended = (/** @type {T.PastGame} */ game) => dates.format(new Date(game.ended_at * 1000));
  /** @param {T.PastGame} game */
  const describe = (game) => t('history.mark', { date: ended(game), result: resultName(game.result), score: formatNumber(game.score) });
  // each piece a template of its own: the server's minifier (rjsmin) takes a nested template's first space for code's
  const row = (/** @type {T.PastGame} */ game) => {
    const typed = game.typed ? ` <small class="badge">${esc(t('history.typed_badge'))}</small>` : '';
    const uncounted = game.counted ? '' : ` <small class="badge">${esc(t('history.not_counted'))}</small>`;
    const replay = ` <button type="button" data-replay="${esc(game.id)}" aria-label="${esc(t('history.replay_game', { date: ended(game) }))}">${esc(t('history.replay'))}</button>`;
    const code = game.code ? `<bdi>${esc(game.code)}</bdi>${replay}` : esc(t('stats.none'));
    const review = game.counted ? ` <button type="button" data-review="${esc(game.id)}" aria-label="${esc(t('review.history_label', { date: ended(game) }))}">${esc(t('review.button'))}</button>` : '';
    return `<tr data-game="${esc(game.id)}" class="${game.result === 'won' ? 'won' : 'lost'}">
      <td>${esc(ended(game))}</td><td>${esc(resultName(game.result))}${typed}${uncounted}</td>
      <td>${esc(formatNumber(game.score))}</td><td>${esc(formatNumber(game.moves))}</td><td>${esc(formatTime(game.seconds))}</td>
      <td class="code">${code}${review}</td></tr>`;
  };
  into.innerHTML = `<div class="chart-box"></div>
    <div class="history-table"><table><caption class="visually-hidden">${esc(t('history.title'))}</caption><thead><tr>
    <th scope="col">${esc(t('history.date'))}</th><th scope="col">${esc(t('history.result'))}</th><th scope="col">${esc(t('info.score'))}</th>
    <th scope="col">${esc(t('info.moves'))}</th><th scope="col">${esc(t('info.time'))}</th><th scope="col">${esc(t('info.code'))}</th></tr></thead>
    <tbody>${games.map(row).join('')}</tbody></table></div>`;
  const label = t('history.chart', { count: games.length });
  /** @type {HTMLElement} */ (into.querySelector('.chart-box')).append(resultsChart(games, { label, describe, rtl: document.documentElement.dir === 'rtl' }));
  for (const button of into.querySelectorAll('[data-replay]')) {
    button.addEventListener('click', () => {
      const game = games.find((g) => g.id === /** @type {HTMLElement} */ (button).dataset.replay);
      if (game) replayGame(game);
    });
  }
  for (const button of into.querySelectorAll('[data-review]')) {
    const id = /** @type {HTMLElement} */ (button).dataset.review || '';
    button.addEventListener('click', () => import('./review.js').then((review) => review.reviewGame(id)));
  }
}

/**
 * Opens a finished game in the replay viewer (viewer.js, loaded when first wanted), over this dialog: closing
 * the viewer comes back here.
 * @param {T.PastGame} game
 */
async function replayGame(game) {
  const viewer = await import('./viewer.js');
  await viewer.openViewer({ gameId: game.id });
}
