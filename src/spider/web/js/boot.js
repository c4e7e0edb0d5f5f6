// Asks for the player's game while the other modules still load; main.js takes the answer from here.
import { chooseLanguage, rememberLanguage } from './i18n.js';

let saved = {};
try { saved = JSON.parse(localStorage.getItem('spider.settings') || '{}') || {}; } catch { saved = {}; }
const tell = saved.stuck !== false;
rememberLanguage(chooseLanguage(saved.language)); // the game comes back described in the page's language
const current = fetch(`/api/games/current?no_more_moves=${tell ? 1 : 0}`, { credentials: 'same-origin' });
current.catch(() => {}); // main.js reports a failure; until then it is not "unhandled"
window.spiderBoot = { current };
