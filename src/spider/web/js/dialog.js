// @ts-check
// The one <dialog> every dialog fills in turn, the escaping of the texts put in it, and the question
// asked before a game in progress is left.
import { state } from './state.js';
import { t } from './i18n.js';

/** @param {unknown} s */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const dialog = () => /** @type {HTMLDialogElement} */ (document.getElementById('dialog'));

/** Close events still to come from dialogs that another replaced (see openDialog). */
let stale = 0;
let guarded = false;

/** Stops each replaced dialog's late close event before any handler of the dialog shown since: a listener
capturing on the dialog itself runs before those added to it. @param {HTMLDialogElement} d */
function ignoreStaleCloses(d) {
  if (guarded) return;
  guarded = true;
  d.addEventListener('close', (event) => {
    if (stale === 0) return;
    stale -= 1;
    event.stopImmediatePropagation();
  }, { capture: true });
}

/**
 * Fill the dialog with ``html`` and show it; ``onClose`` gets the value of the button that closed it.
 * @param {string} html
 * @param {{ label?: string, onClose?: (value: string) => void }} [options]
 */
export function openDialog(html, { label, onClose } = {}) {
  const d = dialog();
  ignoreStaleCloses(d);
  if (d.open) {
    // the dialog shown now is replaced: its own handler hears so at once, and the close event the browser
    // sends later (in a task of its own, once the new dialog is shown) reaches no handler of the new one
    stale += 1;
    d.close('replaced');
    const replaced = d.onclose;
    d.onclose = null;
    if (replaced) replaced.call(d, new Event('close'));
  }
  for (const mark of Object.keys(d.dataset)) delete d.dataset[mark]; // marks (data-arena, ...) name what is shown
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
