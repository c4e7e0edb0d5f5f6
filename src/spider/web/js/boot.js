// @ts-check
// Asks for the player's game while the other modules still load; main.js takes the answer from here.
import { chooseLanguage, rememberLanguage } from './i18n.js';
import { api, tellStuck } from './api.js';
import { settings } from './settings.js';

rememberLanguage(chooseLanguage(settings.language)); // the game comes back described in the page's language
tellStuck(settings.stuck);
const current = api.current();
current.catch(() => {}); // main.js reports a failure; until then it is not "unhandled"
// an offline game kept before this load: its engine starts now, while the page's modules load (offline/engine.js
// takes it over)
let engine;
try {
  if (localStorage.getItem('spider.offline.game')) engine = new Worker('/static/js/offline/engine.worker.js', { type: 'module' });
} catch { /* no storage, or no worker */ }
window.spiderBoot = { current, engine };
// one that fails before it is taken over is not taken over: engine.js starts another, and hears it fail
engine?.addEventListener('error', () => { const boot = window.spiderBoot; if (boot && boot.engine === engine) boot.engine = undefined; });
