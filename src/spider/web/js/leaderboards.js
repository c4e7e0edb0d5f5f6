// @ts-check
// The leaderboards (loaded with import() from the duel lobby and the statistics dialog): duel ratings, best
// scores per suit count this week or ever, and the daily streaks (served by the daily deal's routes); each for
// everyone or only friends, with the player's own place under the top entries when it is not among them.
import { request } from './api.js';
import { t, formatNumber, formatTime } from './i18n.js';
import { CONSTANTS, suitCountOf } from './settings.js';
import { openDialog, esc } from './dialog.js';
import { addStyle } from './styles.js';
import { helpLink } from './help.js';

addStyle('duel'); // the duels' style sheet, loaded with the first part of the page that needs it

const BOARDS = ['ratings', 'scores', 'streaks'];

/**
 * A place on any of the boards (T.BoardEntry, T.StreakEntry), and a board of them.
 * @typedef {{ place: number, name: string | null, value: number, friend: boolean, you: boolean, seconds?: number | null }} Entry
 * @typedef {{ board: string, entries: Entry[], you: Entry | null, unranked: string | null }} Board
 */

/** @param {{ board: string, suits: number, period: string, friends: boolean }} choice @returns {Promise<Board>} */
function fetchBoard(choice) {
  const { suits, period, friends } = choice;
  if (choice.board === 'ratings') return request('GET /api/leaderboards/ratings', { query: { friends } });
  if (choice.board === 'streaks') return request('GET /api/leaderboards/streaks', { query: { suits, friends } });
  return request('GET /api/leaderboards/scores', { query: { suits, period, friends } });
}

/** @param {Entry} entry */
function row(entry) {
  const marks = [entry.you ? 'you' : '', entry.friend ? 'friend' : ''].filter(Boolean).join(' ');
  const name = entry.you ? t('duel.you', { name: entry.name }) : entry.name;
  const friend = entry.friend ? ` <span class="badge">${esc(t('boards.friend'))}</span>` : '';
  const time = entry.seconds === undefined || entry.seconds === null ? '' : formatTime(entry.seconds);
  return `<tr class="${marks}"><td>${esc(formatNumber(entry.place))}</td><th scope="row">${esc(name)}${friend}</th>`
    + `<td>${esc(formatNumber(entry.value))}</td><td>${esc(time)}</td></tr>`;
}

/** @param {Board} board @param {string} kind */
function boardHtml(board, kind) {
  const unranked = board.unranked ? `<p class="note" data-unranked>${esc(board.unranked)}</p>` : ''; // why you are not on it
  if (!board.entries.length) return `${unranked}<p class="note" data-empty>${esc(t('boards.empty'))}</p>`;
  const head = `<tr><th scope="col">${esc(t('boards.place'))}</th><th scope="col">${esc(t('boards.name'))}</th>`
    + `<th scope="col">${esc(t(`boards.value.${kind}`))}</th><th scope="col">${kind === 'scores' ? esc(t('boards.time')) : ''}</th></tr>`;
  const mine = board.you && !board.entries.some((e) => e.you) ? `<tbody class="own">${row(board.you)}</tbody>` : '';
  return `${unranked}<table class="board"><thead>${head}</thead><tbody>${board.entries.map(row).join('')}</tbody>${mine}</table>`;
}

/** Opens the leaderboards, on the ratings board unless told. @param {string} [first] */
export function leaderboards(first = 'ratings') {
  addStyle('boards');
  const choice = { board: first, suits: CONSTANTS.suit_counts[0], period: 'week', friends: false };
  const tabs = BOARDS.map((b) => `<button type="button" role="tab" data-board="${b}" aria-selected="${b === first}">${esc(t(`boards.tab.${b}`))}</button>`).join('');
  const suits = CONSTANTS.suit_counts.map((n) => `<option value="${n}">${esc(t('suits.option', { count: n }))}</option>`).join('');
  const d = openDialog(`<form method="dialog" class="leaderboards"><h2>${esc(t('boards.title'))}</h2><p class="note">${helpLink('leaderboards')}</p>
    <div class="tabs" role="tablist">${tabs}</div>
    <div class="board-choices">
      <label data-for="suits">${esc(t('boards.suits'))} <select name="suits">${suits}</select></label>
      <label data-for="period">${esc(t('boards.period'))} <select name="period"><option value="week">${esc(t('boards.week'))}</option><option value="ever">${esc(t('boards.ever'))}</option></select></label>
      <label><input type="checkbox" name="friends"> ${esc(t('boards.friends_only'))}</label>
    </div>
    <div class="board-body" role="tabpanel" aria-live="polite">${esc(t('stats.loading'))}</div>
    <div class="actions"><button value="close" class="primary">${esc(t('button.close'))}</button></div></form>`, { label: t('boards.title') });
  const body = /** @type {HTMLElement} */ (d.querySelector('.board-body'));
  const form = /** @type {HTMLFormElement} */ (d.querySelector('form'));
  let asked = 0;
  const show = async () => {
    const mine = ++asked;
    for (const tab of d.querySelectorAll('[data-board]')) tab.setAttribute('aria-selected', String(/** @type {HTMLElement} */ (tab).dataset.board === choice.board));
    /** @type {HTMLElement} */ (d.querySelector('[data-for="suits"]')).hidden = choice.board === 'ratings';
    /** @type {HTMLElement} */ (d.querySelector('[data-for="period"]')).hidden = choice.board !== 'scores';
    let html;
    try {
      html = boardHtml(await fetchBoard(choice), choice.board);
    } catch (error) {
      html = `<p class="note">${esc(/** @type {Error} */ (error).message)}</p>`;
    }
    if (mine === asked) body.innerHTML = html;
  };
  // on the form this call drew: the one dialog element outlives it, and a listener there would answer every later dialog
  form.addEventListener('click', (event) => {
    const tab = /** @type {Element} */ (event.target).closest('[data-board]');
    if (tab instanceof HTMLElement && tab.dataset.board) { choice.board = tab.dataset.board; show(); }
  });
  form.addEventListener('change', () => {
    choice.suits = suitCountOf(form.suits.value);
    choice.period = form.period.value;
    choice.friends = form.friends.checked;
    show();
  });
  show();
  return d;
}
