// @ts-check
// The Settings toggle "offline play": the offline engine is fetched in the background and kept by the
// service worker, or let go. While it is fetched, a bar under the toggle and the status line say how far it
// has come; then that it is ready.
import { t, currentLanguage } from '../i18n.js';
import { say } from '../status.js';
import { keepEngine, dropEngine } from './install.js';

/** The bar under the toggle, while the Settings dialog is open. */
function bar() {
  const toggle = document.querySelector('[data-setting="offline"]');
  const field = toggle?.closest('.field, label, div');
  if (!field) return null;
  let shown = /** @type {HTMLProgressElement | null} */ (field.parentElement?.querySelector('progress.offline-progress') ?? null);
  if (!shown) {
    shown = document.createElement('progress');
    shown.className = 'offline-progress';
    shown.max = 1;
    shown.setAttribute('aria-label', t('offline.fetching'));
    field.after(shown);
  }
  return shown;
}

/** @param {boolean} on */
export async function offlinePlay(on) {
  if (!on) {
    bar()?.remove();
    await dropEngine();
    return;
  }
  say(t('offline.fetching'));
  const percent = new Intl.NumberFormat(currentLanguage(), { style: 'percent' });
  /** @param {number} share */
  const progress = (share) => {
    const shown = bar();
    if (shown) shown.value = share;
    say(t('offline.fetched', { percent: percent.format(share) }), { quiet: true }); // read out at the start and the end only
  };
  let kept = false;
  try { kept = await keepEngine(progress); } catch { kept = false; }
  bar()?.remove();
  say(kept ? t('offline.ready') : t('offline.unavailable'), { error: !kept });
}
