// @ts-check
// The Settings toggle "offline play": the offline engine is fetched in the background and kept by the
// service worker (about 12 MB), or let go.
import { t } from '../i18n.js';
import { say } from '../status.js';
import { keepEngine, dropEngine } from './install.js';

/** @param {boolean} on */
export async function offlinePlay(on) {
  if (!on) {
    await dropEngine();
    return;
  }
  say(t('offline.fetching'));
  let kept = false;
  try { kept = await keepEngine(); } catch { kept = false; }
  say(kept ? t('offline.ready') : t('offline.unavailable'), { error: !kept });
}
