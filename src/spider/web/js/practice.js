// @ts-check
// Practice (SPEC 3.9): the list of exercises with the player's progress, an exercise opened as a game,
// its goal shown while playing, and a word when the goal is reached, or when its moves are used without
// reaching it (the server then refuses further moves). The server says when: the page only shows what the
// view's `practice` tells.
import { api } from './api.js';
import { state } from './state.js';
import { t } from './i18n.js';
import { setView, restart } from './game.js';
import { openDialog, esc, askFirst } from './dialog.js';
import { say, refuse } from './status.js';
import { helpLink } from './help.js';

/** @param {import('./types').Exercise} entry */
function progressText(entry) {
  return entry.solved ? t('practice.solved', { count: entry.best_moves }) : t('practice.open');
}

/** The exercises, easiest first, each a button that opens it; solved ones say in how few moves. */
export async function practiceDialog() {
  const d = openDialog(`<div class="body"><h2>${esc(t('practice.title'))}</h2><p class="note">${esc(t('practice.about'))} ${helpLink('practice')}</p>
    <div class="practice-list">${esc(t('stats.loading'))}</div>
    <form method="dialog" class="actions"><button value="close" class="primary">${esc(t('button.close'))}</button></form></div>`,
  { label: t('practice.title') });
  let listed;
  try { listed = await api.practice(); } catch (error) {
    /** @type {HTMLElement} */ (d.querySelector('.practice-list')).textContent = /** @type {Error} */ (error).message;
    return;
  }
  const current = state.view && state.view.practice ? state.view.practice.id : null;
  const items = listed.exercises.map((entry) => `<li class="exercise${entry.solved ? ' solved' : ''}">
    <button type="button" data-exercise="${esc(entry.id)}"${entry.id === current ? ' aria-current="true"' : ''}>
    <span class="number" aria-hidden="true">${entry.number}</span>
    <span class="what"><b>${esc(entry.title)}</b><small>${esc(entry.goal)}</small></span>
    <span class="state" data-state>${entry.solved ? '<span aria-hidden="true">✓ </span>' : ''}${esc(progressText(entry))}</span></button></li>`).join('');
  const list = /** @type {HTMLElement} */ (d.querySelector('.practice-list'));
  list.innerHTML = `<ol>${items}</ol>`;
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll('[data-exercise]'))) {
    button.addEventListener('click', () => {
      d.close('exercise');
      askFirst(() => startExercise(String(button.dataset.exercise)));
    });
  }
  const first = /** @type {HTMLElement | null} */ (list.querySelector('[aria-current]') || list.querySelector('.exercise:not(.solved) button') || list.querySelector('button'));
  if (first) first.focus();
}

/** @param {string} id */
function startExercise(id) {
  return opened(() => api.practise(id));
}

/** "Try again from here": a finished game's moment after `at` actions, played as practice. @param {string} gameId @param {number} at */
export function tryAgainFrom(gameId, at) {
  return opened(() => api.tryAgain(gameId, at));
}

/** Shows the practice game the server started, and says its goal. @param {() => Promise<import('./types').View>} ask */
async function opened(ask) {
  try {
    const view = await ask();
    setView(view);
    const p = view.practice;
    if (!p) return; // a practice game's view always has it
    say(p.number === null ? `${p.title}. ${p.goal}` : t('practice.started', { number: p.number, title: p.title, goal: p.goal }));
  } catch (error) {
    refuse(error);
  }
}

/** @param {import('./types').View} view @param {import('./types').Practising} p */
function solvedDialog(view, p) {
  const own = p.number === null; // a moment of the player's own game: no list of exercises to go back to
  const heading = t(own ? 'practice.reached' : 'practice.done.title');
  const next = p.next ? `<button value="next" class="primary" autofocus>${esc(t('practice.next'))}</button>` : '';
  const last = p.next || own ? '' : `<p>${esc(t('practice.last'))}</p>`;
  const list = own ? `<button value="close" class="primary" autofocus>${esc(t('button.close'))}</button>`
    : `<button value="list"${p.next ? '' : ' class="primary" autofocus'}>${esc(t('practice.list'))}</button>`;
  openDialog(`<form method="dialog" class="practice-done">
    <h2>${esc(heading)}</h2><p>${esc(t('practice.done.text', { count: view.moves, title: p.title }))}</p>${last}
    <div class="actions">${list}${next}</div></form>`,
  {
    label: heading,
    onClose: (value) => {
      if (value === 'next' && p.next) startExercise(p.next); // offered only when there is a next one
      else if (value === 'list') practiceDialog();
    },
  });
}

/**
 * Out of moves: said once through the live region (the status line), then a dialog named by its title
 * offers to try again or to choose another exercise. Not when the player has acted since (undo, restart).
 * @param {import('./types').View} view @param {import('./types').Practising} p
 */
function failedDialog(view, p) {
  const now = state.view;
  if (!now || now.id !== view.id || !now.practice || !now.practice.failed) return;
  say(t('practice.failed.said', { title: p.title }));
  openDialog(`<form method="dialog" class="practice-done">
    <h2>${esc(t('practice.failed.title'))}</h2><p>${esc(t('practice.failed.text'))}</p>
    <div class="actions"><button value="list">${esc(t('practice.list'))}</button>
    <button value="retry" class="primary" autofocus>${esc(t('practice.retry'))}</button></div></form>`,
  {
    label: t('practice.failed.title'),
    onClose: (value) => {
      if (value === 'retry') restart(); // an exercise never counts: nothing to ask first
      else if (value === 'list') practiceDialog();
    },
  });
}

/** Called with each view: says so once when the goal has just been reached, or just been missed. */
/** @param {import('./types').View} view @param {import('./types').View | null} previous */
export function watchPractice(view, previous) {
  const p = view.practice;
  if (!p) return;
  const before = previous && previous.id === view.id ? previous.practice : null;
  if (p.reached) {
    if (!(before && before.reached)) setTimeout(() => solvedDialog(view, p), 300);
  } else if (p.failed && !(before && before.failed)) {
    setTimeout(() => failedDialog(view, p), 300);
  }
}
