// @ts-check
// The goal bar above the table while an exercise is played (SPEC 3.9): drawn with the table, from the view.
import { t } from './i18n.js';

/** The goal bar above the table: the exercise, its goal, the moves it still allows, or that they are used. @param {import('./types').View} view */
export function renderPractice(view) {
  const bar = document.getElementById('practice-goal');
  if (!bar) return;
  const p = view.practice;
  bar.hidden = !p;
  if (!p) return;
  const left = p.moves_left === null ? '' : ` ${t('practice.moves_left', { count: p.moves_left })}`;
  // once its moves are used without reaching the goal, the bar says so instead of "0 moves left"
  const status = p.reached ? t('practice.reached') : p.failed ? `${p.goal} ${t('practice.failed')}` : `${p.goal}${left}`;
  // a moment of the player's own game, tried again from its review, is no numbered exercise
  const name = p.number === null ? p.title : `${t('practice.number', { number: p.number, count: p.count })} ${p.title}`;
  const text = `${name}: ${status}`;
  if (bar.dataset.text !== text) {
    bar.dataset.text = text;
    bar.replaceChildren();
    const title = document.createElement('b');
    title.textContent = name;
    const goal = document.createElement('span');
    goal.textContent = status;
    const idea = document.createElement('small');
    idea.textContent = p.idea;
    bar.append(title, ' — ', goal, idea);
    bar.classList.toggle('reached', p.reached);
    bar.classList.toggle('failed', Boolean(p.failed));
  }
}
