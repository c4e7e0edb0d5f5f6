// @ts-check
// Asks for the player's game while the other modules still load; main.js takes the answer from here.
import { chooseLanguage, rememberLanguage } from './i18n.js';
import { api, tellStuck } from './api.js';
import { settings } from './settings.js';

rememberLanguage(chooseLanguage(settings.language)); // the game comes back described in the page's language
tellStuck(settings.stuck);
const current = api.current();
current.catch(() => {}); // main.js reports a failure; until then it is not "unhandled"
window.spiderBoot = { current };
