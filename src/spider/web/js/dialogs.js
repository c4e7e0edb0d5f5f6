// @ts-check
// Dialogs: new game, settings, rules, share and "no more moves" (the win's is win.js, the statistics' statistics.js). One <dialog>, refilled.
import { api, tellStuck } from './api.js';
import { state } from './state.js';
import { settings, saveSettings, PRESETS, HELPS, RULE_CHOICES, CONSTANTS, presetOf, prefersReducedMotion, animationsOn, suitCountOf } from './settings.js';
import { t, currentLanguage, LANGUAGES, LANGUAGE_NAMES } from './i18n.js';
import { requestRender } from './render.js';
import { newGame, openCode, restart, undo } from './game.js';
import { say, refuse } from './status.js';
import { showWinningLine } from './replay.js';
import { analyseGame } from './analysis.js';
import { openDialog, esc } from './dialog.js';
import { secret, secretNote } from './secret.js';
import { helpLink } from './help.js';
/** @import * as T from './types' */
/** @import { Toggle } from './settings.js' */
import { practiceDialog, watchPractice } from './practice.js';
import { looksFields, wireLooks } from './looks.js';

/** The statistics, and the win's dialog below, load when first wanted: a first visit draws the table without them. */
const statsDialog = () => import('./statistics.js').then((statistics) => statistics.statsDialog());


const closeButton = (primary = false) => `<button value="close"${primary ? ' class="primary"' : ''}>${esc(t('button.close'))}</button>`;

/** A rule's choice as a select's value. @param {string} key @param {unknown} value */
function ruleValue(key, value) { return value === null ? 'unlimited' : String(value); }
/** @param {string} key @param {string} text @returns {string | number | null} */
function parseRule(key, text) {
  if (key === 'undo') return text === 'unlimited' ? null : Number(text);
  return text;
}

/** @param {T.TableRules | null} rules */
function presetName(rules) {
  const name = presetOf(rules);
  return name ? t(`preset.${name}`) : t('settings.preset.custom');
}

function newGameDialog() {
  const suits = state.view ? state.view.suits : settings.suits;
  const suitRadios = CONSTANTS.suit_counts.map((n) => `<label><input type="radio" name="suits" value="${n}"${n === suits ? ' checked' : ''}> ${esc(t('suits.option', { count: n }))}</label>`).join('');
  const view = state.view;
  // an exercise is no game to give up: it never counts, and has no analysis
  const playing = view && !view.practice && !view.over && !view.won && view.moves > 0;
  // a deal kept secret (today's daily deal): words saying when, not buttons the server would refuse
  const giveUp = playing && secret(view) ? secretNote(view)
    : (playing && view.verified ? `<button value="line">${esc(t('button.giveup'))}</button>` : '')
    + (playing ? `<button value="analyse">${esc(t('button.analyse'))}</button>` : '');
  const kind = (/** @type {T.Deal} */ k) => `<label class="choice"><input type="radio" name="kind" value="${k}"${settings.deal === k ? ' checked' : ''}><b>${esc(t(`newgame.${k}`))}</b><small>${esc(t(`newgame.${k}.about`))}</small></label>`;
  const d = openDialog(`<form method="dialog">
    <h2>${esc(t('newgame.title'))}</h2>
    <h3>${esc(t('newgame.suits'))}</h3><div class="suit-radios">${suitRadios}</div>
    <h3>${esc(t('newgame.kind'))}</h3><div class="choices">${kind('random')}${kind('verified')}</div>
    <label class="code-field"><span>${esc(t('newgame.code'))}</span>
    <input type="text" name="code" autocomplete="off" spellcheck="false" placeholder="SP1-S2C-ABCDEFG"></label>
    <p class="note">${esc(t('newgame.code.about'))}</p>
    <p class="note">${esc(t('newgame.rules', { preset: presetName(settings.rules) }))}</p>
    ${view && !view.over && !view.won && view.moves > 0 && view.counts !== false ? `<p class="note">${esc(t('newgame.counts'))}</p>` : ''}
    <div class="actions">${giveUp}<button value="practice">${esc(t('button.practice'))}</button><button value="daily">${esc(t('daily.menu'))}</button><button value="cancel">${esc(t('button.cancel'))}</button>
    <button value="start" class="primary" autofocus>${esc(t('newgame.start'))}</button></div></form>`, {
    label: t('newgame.title'),
    onClose: (value) => {
      if (value === 'line') showWinningLine();
      if (value === 'analyse') analyseGame();
      if (value === 'practice') practiceDialog();
      if (value === 'daily') import('./daily.js').then((daily) => daily.openDaily());
      if (value !== 'start') return;
      const form = /** @type {HTMLFormElement} */ (d.querySelector('form'));
      const code = form.code.value.trim();
      if (code) openCode(code);
      else newGame(form.kind.value, suitCountOf(form.suits.value));
    },
  });
  // Enter in the code field deals, as the form's first button (Cancel, or Give up) would otherwise answer it
  /** @type {HTMLInputElement} */ (d.querySelector('input[name="code"]')).addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    d.close('start');
  });
}

function settingsDialog() {
  /** @type {Record<string, unknown>} the rules shown: the player's, else classic's, else the game's */
  const r = settings.rules || PRESETS.classic || (state.view && state.view.rules) || {};
  const presetOptions = Object.keys(PRESETS).map((p) => `<option value="${p}">${esc(t(`preset.${p}`))}</option>`).join('')
    + `<option value="custom">${esc(t('settings.preset.custom'))}</option>`;
  // with one suit every group is one suit: the group rule is offered only for 2 and 4 suits
  const oneSuit = (state.view ? state.view.suits : settings.suits) === 1;
  const ruleFields = Object.entries(RULE_CHOICES).map(([key, values]) => {
    const options = values.map((v) => `<option value="${ruleValue(key, v)}"${v === r[key] ? ' selected' : ''}>${esc(t(`rule.${key}.${ruleValue(key, v)}`))}</option>`).join('');
    const off = key === 'group' && oneSuit;
    const note = off ? `<small id="group-note" class="note">${esc(t('rule.group.one_suit'))}</small>` : '';
    return `<div class="field"><label for="rule-${key}">${esc(t(`rule.${key}`))}</label><select id="rule-${key}" data-rule="${key}"${off ? ' disabled aria-describedby="group-note"' : ''}>${options}</select>${note}</div>`;
  }).join('');
  /** @type {Toggle[]} */
  const toggles = ['hints', 'stuck', 'doubleClick', 'oneTap', 'autoPlace', 'highlight', 'lastMove', 'animations', 'sound', 'fourColors', 'offline', 'meter'];
  /** @type {Record<string, string>} the catalog's ids of the settings named otherwise in the page */
  const ids = { doubleClick: 'double_click', oneTap: 'one_tap', autoPlace: 'auto_place', lastMove: 'last_move', fourColors: 'four_colors' };
  /** @type {Partial<Record<Toggle, string>>} the settings that are features of their own: their rules page sections */
  const helps = { offline: 'offline', meter: 'meter' };
  const help = (/** @type {Toggle} */ k) => { const anchor = helps[k]; return anchor ? `<p class="note setting-help">${helpLink(anchor)}</p>` : ''; };
  const checks = toggles.map((k) => `<label><input type="checkbox" data-setting="${k}"${settings[k] ? ' checked' : ''}> ${esc(t(`settings.${ids[k] || k}`))}</label>${help(k)}`).join('');
  const motion = prefersReducedMotion() ? `<p class="note">${esc(t('settings.reduced_motion'))}</p>` : '';
  const languages = LANGUAGES.map((code) => `<option value="${code}" lang="${code}"${code === currentLanguage() ? ' selected' : ''}>${esc(LANGUAGE_NAMES[code])}</option>`).join('');
  const d = openDialog(`<form method="dialog">
    <h2>${esc(t('settings.title'))}</h2>
    <div class="field"><label for="language">${esc(t('settings.language'))}</label><select id="language">${languages}</select></div>
    <h3>${esc(t('settings.play'))}</h3>${checks}${motion}
    ${looksFields()}
    <h3>${esc(t('settings.table'))}</h3>
    <div class="field"><label for="preset">${esc(t('settings.preset'))}</label><select id="preset">${presetOptions}</select></div>
    ${ruleFields}
    <p class="note">${esc(t('settings.table.about'))}</p>
    <div class="actions"><button value="new">${esc(t('settings.apply_new'))}</button>${closeButton(true)}</div></form>`, {
    label: t('settings.title'),
    onClose: (value) => { if (value === 'new') newGame(); },
  });
  /** @type {HTMLElement} */ (d.querySelector('#language')).addEventListener('change', (event) => {
    // the page comes back in the new language: the game is the server's, so nothing is lost
    settings.language = /** @type {HTMLSelectElement} */ (event.target).value;
    saveSettings();
    window.location.reload();
  });
  wireLooks(d, requestRender);
  const preset = /** @type {HTMLSelectElement} */ (d.querySelector('#preset'));
  /** @type {NodeListOf<HTMLSelectElement>} */
  const rules = d.querySelectorAll('[data-rule]');
  /** @type {NodeListOf<HTMLInputElement>} */
  const boxes = d.querySelectorAll('[data-setting]');
  /** @param {string} name */
  const box = (name) => /** @type {HTMLInputElement} */ (d.querySelector(`[data-setting="${name}"]`));
  const syncPreset = () => { preset.value = presetOf(settings.rules || r) || 'custom'; };
  syncPreset();
  preset.addEventListener('change', () => {
    if (!PRESETS[preset.value]) return;
    const chosen = { ...PRESETS[preset.value] };
    settings.rules = chosen;
    for (const sel of rules) sel.value = ruleValue(String(sel.dataset.rule), /** @type {Record<string, unknown>} */ (chosen)[String(sel.dataset.rule)]);
    const helps = HELPS[preset.value];
    if (helps) { // the product the preset comes from offers these helpers, or does not
      settings.hints = helps.hints;
      settings.stuck = helps.no_more_moves;
      settings.oneTap = helps.one_tap; // patience's product sends tapped cards to their best column
      tellStuck(settings.stuck);
      box('hints').checked = settings.hints;
      box('stuck').checked = settings.stuck;
      box('oneTap').checked = settings.oneTap;
    }
    saveSettings();
    requestRender();
  });
  for (const sel of rules) {
    sel.addEventListener('change', () => {
      const rule = String(sel.dataset.rule);
      settings.rules = /** @type {T.TableRules} */ ({ ...r, ...settings.rules, [rule]: parseRule(rule, sel.value) });
      syncPreset();
      saveSettings();
    });
  }
  for (const toggle of boxes) {
    toggle.addEventListener('change', () => {
      settings[/** @type {Toggle} */ (String(toggle.dataset.setting))] = toggle.checked;
      if (toggle.dataset.setting === 'stuck') tellStuck(toggle.checked);
      if (toggle.dataset.setting === 'offline') import('./offline/settings.js').then((offline) => offline.offlinePlay(toggle.checked));
      if (toggle.dataset.setting === 'meter') import('./meter.js').then((meter) => meter.showChance());
      saveSettings();
      requestRender();
    });
  }
}

async function rulesDialog() {
  // the rules scroll inside the dialog: focusable, so that the keyboard scrolls them too
  const d = openDialog(`<div class="body"><div class="rules-body" tabindex="0" role="region" aria-label="${esc(t('rules.title'))}">${esc(t('stats.loading'))}</div>
    <form method="dialog" class="actions"><a href="/static/rules/${esc(currentLanguage())}.html" target="_blank" rel="noopener">${esc(t('rules.open_page'))}</a>${closeButton(true)}</form></div>`, { label: t('rules.title') });
  try {
    const response = await fetch(`/static/rules/${currentLanguage()}.html`);
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const article = /** @type {HTMLElement} */ (page.querySelector('article'));
    /** @type {HTMLElement} */ (d.querySelector('.rules-body')).replaceChildren(...article.childNodes);
  } catch {
    /** @type {HTMLElement} */ (d.querySelector('.rules-body')).textContent = t('error.network');
  }
}

async function shareDialog() {
  const view = state.view;
  if (!view || view.offline) return; // the server never saw an offline game: there is nothing to share
  let shared;
  try {
    shared = await api.share(view.id);
  } catch (error) {
    refuse(error);
    return;
  }
  const url = new URL(shared.path, window.location.href).href;
  const d = openDialog(`<form method="dialog">
    <h2>${esc(t('share.title'))}</h2><p>${esc(t('share.text'))}</p>
    <input class="share-url" type="text" readonly value="${esc(url)}" aria-label="${esc(t('share.title'))}">
    <div class="actions"><button type="button" data-copy>${esc(t('button.copy'))}</button>${closeButton(true)}</div></form>`, {
    label: t('share.title'),
  });
  const field = /** @type {HTMLInputElement} */ (d.querySelector('.share-url'));
  field.select();
  /** @type {HTMLElement} */ (d.querySelector('[data-copy]')).addEventListener('click', async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(url);
      say(t('share.copied'));
    } catch { /* no clipboard here: the link is selected, ready to copy by hand */ }
  });
}

/** @param {T.View} view */
function stuckDialog(view) {
  const never = view.deal_never_possible ? `<p>${esc(t('stuck.never'))}</p>` : '';
  const hidden = secret(view);
  const line = view.verified && !hidden ? `<button value="line">${esc(t('button.giveup'))}</button>` : '';
  const analyse = view.moves > 0 && !hidden ? `<button value="analyse">${esc(t('button.analyse'))}</button>` : '';
  // Restart and New game leave the game: one that counts is lost, said here as the New game dialog says it
  const counts = view.moves > 0 && view.counts !== false ? `<p class="note">${esc(t('newgame.counts'))}</p>` : '';
  openDialog(`<form method="dialog">
    <h2>${esc(t('stuck.title'))}</h2><p>${esc(t('stuck.text'))}</p>${never}${secretNote(view)}${counts}
    <div class="actions">${line}${analyse}<button value="undo">${esc(t('button.undo'))}</button>
    <button value="restart">${esc(t('button.restart'))}</button>
    <button value="new" class="primary" autofocus>${esc(t('button.new'))}</button></div></form>`, {
    label: t('stuck.title'),
    onClose: (value) => {
      if (value === 'undo') undo();
      else if (value === 'restart') restart();
      else if (value === 'new') newGame();
      else if (value === 'line') showWinningLine();
      else if (value === 'analyse') analyseGame();
    },
  });
}

export const dialogs = {
  newGame: newGameDialog,
  settings: settingsDialog,
  rules: rulesDialog,
  stats: statsDialog,
  win: (/** @type {T.View} */ view) => import('./win.js').then((win) => win.showWin(view, { stats: statsDialog, share: shareDialog })),
  stuck: stuckDialog,
  share: shareDialog,
};

/** After each view (game.js's onView): the win or "no more moves" dialog, once, when the game has just
come to it; an exercise says instead when its goal is reached, a win included. */
/** @param {T.View} view @param {T.View | null} previous */
export function afterView(view, previous) {
  if (view.practice) {
    watchPractice(view, previous);
    return;
  }
  const same = previous && previous.id === view.id;
  const delay = animationsOn() ? 450 : 0;
  if (view.won && !(same && previous.won)) setTimeout(() => dialogs.win(view), delay);
  else if (view.stuck && settings.stuck && !(same && previous.stuck) && !view.won) setTimeout(() => stuckDialog(view), delay);
}
