// @ts-check
// The one <dialog> every dialog fills in turn, the escaping of the texts put in it, and the question
// asked before a game in progress is left.
import { state } from './state.js';
import { t } from './i18n.js';

/** @param {unknown} s */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const dialog = () => /** @type {HTMLDialogElement} */ (document.getElementById('dialog'));

/**
 * Fill the dialog with ``html`` and show it; ``onClose`` gets the value of the button that closed it.
 * @param {string} html
 * @param {{ label?: string, onClose?: (value: string) => void }} [options]
 */
export function openDialog(html, { label, onClose } = {}) {
  const d = dialog();
  if (d.open) d.close('replaced');
  d.innerHTML = html;
  d.hidden = false; // the replay viewer hides the dialog it was opened from: one opened meanwhile is seen
  d.returnValue = '';
  d.setAttribute('aria-label', label || '');
  d.onclose = () => { if (onClose) onClose(d.returnValue); };
  d.showModal();
  // a "How it works" link beside the title (help.js) is no place to start: the dialog's first control is
  if (document.activeElement && document.activeElement.matches('.help-link')) {
    const control = /** @type {HTMLElement | null} */ (d.querySelector('button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [role="tab"]'));
    if (control) control.focus();
  }
  // the focused button may lie below a short screen's fold: the dialog still opens at its title
  d.scrollTop = 0;
  return d;
}

/** Does ``then`` at once, unless it would leave a game in progress that has moves and counts (and so
would count as a loss): then the player is asked first. ``giving`` words the question as giving the game up
(analysing it, or seeing a winning line, ends it as a loss) rather than leaving it for another. */
/** @param {() => void} then @param {{ giving?: boolean }} [how] */
export function askFirst(then, { giving = false } = {}) {
  const view = state.view;
  if (!view || view.over || view.won || view.moves === 0 || view.counts === false) {
    then();
    return;
  }
  const words = giving ? 'give_up' : 'leave';
  openDialog(`<form method="dialog">
    <h2>${esc(t(`${words}.title`))}</h2><p>${esc(t(view.daily ? `${words}.daily_text` : `${words}.text`))}</p>
    <div class="actions"><button value="stay" autofocus>${esc(t('leave.stay'))}</button>
    <button value="leave" class="primary">${esc(t(`${words}.go`))}</button></div></form>`, {
    label: t(`${words}.title`),
    onClose: (value) => { if (value === 'leave') then(); },
  });
}
