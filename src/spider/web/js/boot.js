// Asks for the player's game while the other modules still load; main.js takes the answer from here.
let tell = true;
try { tell = JSON.parse(localStorage.getItem('spider.settings') || '{}').stuck !== false; } catch { tell = true; }
const current = fetch(`/api/games/current?no_more_moves=${tell ? 1 : 0}`, { credentials: 'same-origin' });
current.catch(() => {}); // main.js reports a failure; until then it is not "unhandled"
window.spiderBoot = { current };
