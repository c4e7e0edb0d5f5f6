// @ts-check
// The account dialog (More → Account). A guest keeps their games on every device with a passkey (a name of
// their own first), signs in with a passkey or a recovery code; a new account's ten recovery codes are shown
// once. An account sees its passkeys (rename, remove, add one from this device), the devices signed in (sign
// any other out), new recovery codes, its data to download, signing out and deleting the account.
// Signing in or out changes who plays on this device: the page reloads, and says what happened once it is back
// (sessionStorage 'spider.account', read by afterReload). A session ended elsewhere reloads it too (duel/start.js).
import { request, ApiError } from './api.js';
import { t } from './i18n.js';
import { openDialog, dialog, esc } from './dialog.js';
import { say } from './status.js';
import { addStyle } from './styles.js';
import { CONSTANTS } from './settings.js';
import { makePasskey, usePasskey, passkeysWork, declined } from './passkeys.js';
import { reconnect } from './duel/socket.js';
import { helpLink } from './help.js';
/** @import * as A from './answers' */

addStyle('account');

/** What the page says, or asks, once it is back from a reload: a catalog id and its fields, or the passkey to add. */
const NEXT = 'spider.account';
/** @typedef {{ said?: string, fields?: Record<string, string | number>, addPasskey?: boolean }} Next */

/** A reload of our own is under way: a socket's "signed out" for the same session says nothing more. */
let leaving = false;

/** @param {Next} next */
function reloadThen(next) {
  leaving = true;
  sessionStorage.setItem(NEXT, JSON.stringify(next));
  window.location.reload();
}

/** main.js, when the page comes back from one of our reloads: say what happened, or ask for a new passkey. */
export function afterReload() {
  const saved = sessionStorage.getItem(NEXT);
  sessionStorage.removeItem(NEXT);
  /** @type {Next} */
  let next = {};
  try { next = JSON.parse(saved || '{}') || {}; } catch { next = {}; }
  if (next.said) say(t(next.said, next.fields));
  if (next.addPasskey) askForPasskey();
}

/** This device's session ended elsewhere (its socket was told): the page starts again as a guest. */
export function signedOutElsewhere() {
  if (!leaving) reloadThen({ said: 'account.signed_out_elsewhere' });
}

// Words and dates.

const lang = () => document.documentElement.lang || 'en';
/** @param {number} seconds since 1970 */
const date = (seconds) => new Intl.DateTimeFormat(lang(), { dateStyle: 'medium' }).format(new Date(seconds * 1000));
/** "now", "5 minutes ago", "yesterday". @param {number} seconds since 1970 */
function ago(seconds) {
  const past = Math.max(0, Date.now() / 1000 - seconds);
  const words = new Intl.RelativeTimeFormat(lang(), { numeric: 'auto' });
  if (past < 60) return words.format(0, 'second');
  if (past < 3600) return words.format(-Math.floor(past / 60), 'minute');
  if (past < 86400) return words.format(-Math.floor(past / 3600), 'hour');
  return words.format(-Math.floor(past / 86400), 'day');
}

// The dialog and what it says.

/**
 * Fill the account's dialog: opened if it is not, else refilled where it stands, with the focus on its title
 * (a screen reader hears where it is), and ``said`` said in it.
 * @param {string} html the form's inside
 * @param {{ label: string, said?: string, error?: boolean, onClose?: (value: string) => void }} options
 */
function show(html, { label, said = '', error = false, onClose }) {
  const inside = `<form method="dialog" class="account">${html}</form>`;
  let d = dialog();
  if (d.open && d.dataset.account) {
    d.innerHTML = inside;
    d.setAttribute('aria-label', label);
    d.onclose = () => { delete d.dataset.account; if (onClose) onClose(d.returnValue); };
    const title = /** @type {HTMLElement | null} */ (d.querySelector('h2'));
    if (title) { title.tabIndex = -1; title.focus(); }
  } else {
    d = openDialog(inside, { label, onClose: (value) => { delete d.dataset.account; if (onClose) onClose(value); } });
    d.dataset.account = 'true';
  }
  if (said) tell(said, error);
  return d;
}

/** Say ``text`` in the dialog's own live line (the status line lies behind the dialog). @param {string} text @param {boolean} [error] */
function tell(text, error = false) {
  const line = /** @type {HTMLElement | null} */ (dialog().querySelector('[data-said]'));
  if (!line) { say(text, { error }); return; }
  line.classList.toggle('error', error);
  line.textContent = '';
  setTimeout(() => { line.textContent = text; }, 30); // a fresh text in a later task: heard even when repeated
}

const saidLine = '<p class="said" role="status" data-said></p>';
/** @param {unknown} error what the server or the browser refused */
const refusal = (error) => {
  if (error instanceof ApiError) return error.message;
  // WebAuthn takes no IP address for a site: a page opened at 127.0.0.1 cannot make or use a passkey
  if (error instanceof DOMException && error.name === 'SecurityError') return t('account.wrong_address', { here: location.host });
  return t('account.failed');
};

/** The dialog's buttons, each by its data attribute: ``on(d, 'create', fn)``. @param {HTMLElement} d @param {Record<string, (button: HTMLButtonElement) => unknown>} handlers */
function wire(d, handlers) {
  d.querySelector('form')?.addEventListener('click', (event) => {
    const button = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest('button[type="button"]'));
    if (!button || button.disabled) return;
    const name = Object.keys(handlers).find((key) => key in button.dataset);
    if (name) handlers[name](button);
  });
}

/** Busy while a passkey or the server is asked: the dialog's buttons wait. @template T @param {() => Promise<T>} work @returns {Promise<T>} */
async function busy(work) {
  const form = dialog().querySelector('form');
  form?.setAttribute('aria-busy', 'true');
  const buttons = /** @type {HTMLButtonElement[]} */ ([...(form?.querySelectorAll('button:not([disabled])') || [])]);
  for (const button of buttons) button.disabled = true;
  try { return await work(); } finally {
    form?.removeAttribute('aria-busy');
    for (const button of buttons) button.disabled = false;
  }
}

/** The account or the guest, in the dialog. @param {string} [said] @param {boolean} [error] */
export async function openAccount(said = '', error = false) {
  let account;
  try { account = await request('GET /api/account'); } catch (failure) {
    say(refusal(failure), { error: true });
    return;
  }
  if (account.signed_in) showAccount(account, said, error);
  else showGuest(account, said, error);
}

// A guest.

/** @param {A.Account} guest @param {string} said @param {boolean} error */
function showGuest(guest, said, error) {
  const works = passkeysWork();
  const off = works ? '' : ' disabled';
  const nameField = guest.name ? '' : `<div class="field"><label for="account-name">${esc(t('account.name'))}</label>
    <input id="account-name" name="name" maxlength="${CONSTANTS.name_length}" autocomplete="nickname" aria-describedby="account-name-note"></div>
    <p class="note" id="account-name-note">${esc(t('account.name_note'))}</p>`;
  const games = guest.games ? `<p class="note" id="account-guest-games">${esc(t('account.guest_games', { count: guest.games }))}</p>` : '';
  const d = show(`<h2>${esc(t('account.title'))}</h2>
    <p>${esc(t('account.guest'))} ${helpLink('accounts')}</p>
    <h3>${esc(t('account.keep.title'))}</h3>
    <p>${esc(t('account.keep.about'))}</p>
    ${works ? '' : `<p class="note">${esc(t('account.no_passkeys'))}</p>`}
    ${nameField}
    <p><button type="button" class="primary" data-create${off}>${esc(t('account.keep'))}</button></p>
    <h3>${esc(t('account.have.title'))}</h3>
    ${games}
    <p class="row"><button type="button" data-sign-in${off}${games ? ' aria-describedby="account-guest-games"' : ''}>${esc(t('account.sign_in'))}</button>
    <button type="button" data-recover>${esc(t('account.use_code'))}</button></p>
    <p class="note">${esc(guest.unranked || '')}</p>
    ${saidLine}
    <div class="actions"><button value="close">${esc(t('button.close'))}</button></div>`, { label: t('account.title'), said, error });
  wire(d, {
    create: () => create(d),
    signIn: () => signIn(),
    recover: () => showRecover(),
  });
  const name = /** @type {HTMLInputElement | null} */ (d.querySelector('#account-name'));
  name?.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter in the name makes the account, as the form's first button would close it
    create(d);
  });
}

/** A name of one's own if asked for, then the passkey: the guest is an account, and sees its recovery codes. @param {HTMLElement} d */
async function create(d) {
  const field = /** @type {HTMLInputElement | null} */ (d.querySelector('#account-name'));
  if (field) {
    const name = field.value.trim();
    if (!name) {
      field.focus();
      tell(t('account.name_needed'), true);
      return;
    }
    try {
      await busy(() => request('PUT /api/me', { body: { name } }));
    } catch (failure) {
      field.focus();
      tell(refusal(failure), true);
      return;
    }
  }
  let made;
  try { made = await busy(makePasskey); } catch (failure) {
    if (failure instanceof ApiError && failure.messageId === 'account.name_first') { openAccount(failure.message, true); return; }
    tell(declined(failure) ? t('account.no_passkey_made') : refusal(failure), true);
    return;
  }
  reconnect(); // the socket follows the new session: signing this device out elsewhere closes it
  showCodes(made.recovery_codes, made.name || '', () => openAccount(t('account.made', { name: made.name || '' })));
}

async function signIn() {
  let signed;
  leaving = true; // signing in from another account ends its session, and its socket is told so
  try { signed = await busy(usePasskey); } catch (failure) {
    leaving = false;
    tell(declined(failure) ? t('account.no_passkey_used') : refusal(failure), true);
    return;
  }
  reloadThen(signedInNext(signed));
}

/** @param {A.SignedIn} signed @returns {Next} */
function signedInNext(signed) {
  const name = signed.name || '';
  return signed.guest_games
    ? { said: 'account.signed_in_guest_kept', fields: { name, count: signed.guest_games }, addPasskey: signed.add_passkey }
    : { said: 'account.signed_in', fields: { name }, addPasskey: signed.add_passkey };
}

function showRecover() {
  const d = show(`<h2>${esc(t('account.recover.title'))}</h2>
    <p>${esc(t('account.recover.about'))}</p>
    <div class="field"><label for="account-code">${esc(t('account.recover.code'))}</label>
    <input id="account-code" name="code" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" maxlength="40" placeholder="abcd-efgh-…"></div>
    ${saidLine}
    <div class="actions"><button type="button" data-back>${esc(t('account.back'))}</button>
    <button type="button" class="primary" data-use>${esc(t('account.recover.go'))}</button></div>`, { label: t('account.recover.title') });
  const field = /** @type {HTMLInputElement} */ (d.querySelector('#account-code'));
  const use = async () => {
    const code = field.value.trim().toLowerCase();
    if (!code) { field.focus(); tell(t('account.recover.empty'), true); return; }
    leaving = true;
    try {
      const signed = await busy(() => request('POST /api/account/recover', { body: { code } }));
      reloadThen(signedInNext(signed));
    } catch (failure) {
      leaving = false;
      field.focus();
      tell(refusal(failure), true);
    }
  };
  wire(d, { back: () => openAccount(), use });
  field.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    use();
  });
  field.focus();
}

/** After a recovery code: a passkey on this device, so that the next sign-in needs no code. */
function askForPasskey() {
  const d = show(`<h2>${esc(t('account.add_after_code.title'))}</h2>
    <p>${esc(t('account.add_after_code.about'))}</p>
    ${passkeysWork() ? '' : `<p class="note">${esc(t('account.no_passkeys'))}</p>`}
    ${saidLine}
    <div class="actions"><button value="later">${esc(t('account.later'))}</button>
    <button type="button" class="primary" data-add${passkeysWork() ? '' : ' disabled'}>${esc(t('account.add_passkey'))}</button></div>`, { label: t('account.add_after_code.title') });
  wire(d, { add: () => addPasskey() });
}

// The recovery codes, shown once.

/**
 * The ten codes, with Copy and Download; the dialog closes only once the player says they kept them.
 * @param {string[]} codes @param {string} name the account's @param {() => void} then
 */
function showCodes(codes, name, then) {
  const file = `${t('account.codes.file', { name })}\n\n${codes.join('\n')}\n`;
  const d = show(`<h2>${esc(t('account.codes.title'))}</h2>
    <p>${esc(t('account.codes.about'))}</p>
    <ol class="recovery-codes" data-codes>${codes.map((code) => `<li><code>${esc(code)}</code></li>`).join('')}</ol>
    <p class="row"><button type="button" data-copy>${esc(t('account.codes.copy'))}</button>
    <button type="button" data-download>${esc(t('account.codes.download'))}</button></p>
    <label class="kept"><input type="checkbox" data-kept> ${esc(t('account.codes.kept'))}</label>
    ${saidLine}
    <div class="actions"><button value="done" class="primary" data-done disabled>${esc(t('account.codes.done'))}</button></div>`, {
    label: t('account.codes.title'),
    onClose: (value) => { if (value === 'done') then(); },
  });
  const kept = /** @type {HTMLInputElement} */ (d.querySelector('[data-kept]'));
  const done = /** @type {HTMLButtonElement} */ (d.querySelector('[data-done]'));
  kept.addEventListener('change', () => { done.disabled = !kept.checked; });
  // Escape closes no dialog whose codes were not kept: they are never shown again
  const hold = (/** @type {Event} */ event) => { if (!kept.checked) { event.preventDefault(); tell(t('account.codes.keep_first'), true); } };
  d.addEventListener('cancel', hold);
  d.addEventListener('close', () => d.removeEventListener('cancel', hold), { once: true });
  wire(d, {
    copy: async () => {
      try { await navigator.clipboard.writeText(codes.join('\n')); tell(t('account.codes.copied')); } catch { tell(t('account.codes.copy_failed'), true); }
    },
    download: () => { downloadText(file, 'spider-recovery-codes.txt', 'text/plain'); tell(t('account.codes.downloaded')); },
  });
}

/** @param {string} text @param {string} name @param {string} type */
function downloadText(text, name, type) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

// An account.

/** @param {A.Account} account @param {string} said @param {boolean} error */
function showAccount(account, said, error) {
  const name = account.name || '';
  const only = account.passkeys.length === 1;
  const passkeys = account.passkeys.map((key, i) => `<li data-passkey="${esc(key.id)}">
    <span class="what"><b id="passkey-${i}"><bdi>${esc(key.name)}</bdi></b><small>${esc(key.used_at
      ? t('account.passkey.used', { added: date(key.created_at), used: ago(key.used_at) })
      : t('account.passkey.added', { added: date(key.created_at) }))}</small></span>
    <span class="row-actions"><button type="button" id="rename-${i}" aria-labelledby="rename-${i} passkey-${i}" data-rename="${esc(key.id)}">${esc(t('account.rename'))}</button>${only ? ''
      : `<button type="button" id="remove-${i}" aria-labelledby="remove-${i} passkey-${i}" data-remove="${esc(key.id)}">${esc(t('account.remove'))}</button>`}</span></li>`).join('');
  const sessions = account.sessions.map((one, i) => `<li>
    <span class="what"><b id="device-${i}">${esc(one.device)}</b><small>${esc(one.current ? t('account.this_device') : t('account.last_seen', { when: ago(one.last_seen) }))}</small></span>
    ${one.current ? '' : `<span class="row-actions"><button type="button" id="end-${i}" aria-labelledby="end-${i} device-${i}" data-end="${esc(one.id)}">${esc(t('account.sign_out_device'))}</button></span>`}</li>`).join('');
  const d = show(`<h2>${esc(t('account.title'))}</h2>
    <p><b><bdi>${esc(name)}</bdi></b> · ${esc(t('account.since', { date: date(account.created_at || 0) }))} · ${esc(t('account.games', { count: account.games }))} · ${helpLink('accounts')}</p>
    ${account.unranked ? `<p class="note">${esc(account.unranked)}</p>` : ''}
    <h3 id="passkeys-title">${esc(t('account.passkeys'))}</h3>
    <ul class="account-list" aria-labelledby="passkeys-title">${passkeys}</ul>
    ${only ? `<p class="note">${esc(t('account.one_passkey'))}</p>` : ''}
    <p><button type="button" data-add${passkeysWork() ? '' : ' disabled'}>${esc(t('account.add_passkey'))}</button></p>
    <h3 id="devices-title">${esc(t('account.devices'))}</h3>
    <ul class="account-list" aria-labelledby="devices-title">${sessions}</ul>
    <p><button type="button" data-everywhere>${esc(t('account.sign_out_everywhere'))}</button></p>
    <h3>${esc(t('account.codes'))}</h3>
    <p class="note">${esc(t('account.codes_left', { count: account.recovery_codes_left }))}</p>
    <p><button type="button" data-codes>${esc(t('account.codes.new'))}</button></p>
    <h3>${esc(t('account.data'))}</h3>
    <p class="note">${esc(t('account.data.about'))}</p>
    <p class="row"><button type="button" data-export>${esc(t('account.export'))}</button>
    <button type="button" class="danger" data-delete>${esc(t('account.delete'))}</button></p>
    ${saidLine}
    <div class="actions"><button type="button" data-sign-out>${esc(t('account.sign_out'))}</button>
    <button value="close" class="primary">${esc(t('button.close'))}</button></div>`, { label: t('account.title'), said, error });
  /** Ask the server, then show the account it answers. @param {() => Promise<A.Account>} call @param {string} done */
  const then = async (call, done) => {
    try { showAccount(await busy(call), done, false); } catch (failure) { tell(refusal(failure), true); }
  };
  wire(d, {
    rename: (button) => rename(button, account),
    remove: (button) => {
      const key = account.passkeys.find((one) => one.id === button.dataset.remove);
      ask(t('account.remove.title'), t('account.remove.about', { name: key ? key.name : '' }), t('account.remove'),
        () => then(() => request('DELETE /api/account/passkeys/{passkey_id}', { path: { passkey_id: button.dataset.remove || '' } }), t('account.removed')));
    },
    add: () => addPasskey(),
    end: (button) => then(() => request('DELETE /api/account/sessions/{session_id}', { path: { session_id: button.dataset.end || '' } }), t('account.device_signed_out')),
    everywhere: () => ask(t('account.everywhere.title'), t('account.everywhere.about'), t('account.sign_out_everywhere'), () => signOut(true)),
    codes: () => ask(t('account.codes.new'), t('account.codes.new_about'), t('account.codes.new_go'), async () => {
      try {
        const fresh = await busy(() => request('POST /api/account/recovery-codes', { body: {} }));
        showCodes(fresh.recovery_codes, name, () => openAccount(t('account.codes.replaced')));
      } catch (failure) { openAccount(refusal(failure), true); }
    }),
    export: async () => {
      try {
        const everything = await busy(() => request('GET /api/account/export'));
        downloadText(JSON.stringify(everything, null, 2), 'spider-account.json', 'application/json');
        tell(t('account.exported'));
      } catch (failure) { tell(refusal(failure), true); }
    },
    delete: () => askDelete(name),
    signOut: () => signOut(false),
  });
}

/** The passkey's name becomes a field where it stood, with Save and Cancel. @param {HTMLButtonElement} button @param {A.Account} account */
function rename(button, account) {
  const id = button.dataset.rename || '';
  const row = /** @type {HTMLElement} */ (button.closest('li'));
  const key = account.passkeys.find((one) => one.id === id);
  row.innerHTML = `<span class="what"><label class="visually-hidden" for="passkey-name">${esc(t('account.passkey_name'))}</label>
    <input id="passkey-name" maxlength="48" value="${esc(key ? key.name : '')}"></span>
    <span class="row-actions"><button type="button" data-save>${esc(t('lobby.rename'))}</button><button type="button" data-cancel>${esc(t('button.cancel'))}</button></span>`;
  const field = /** @type {HTMLInputElement} */ (row.querySelector('input'));
  field.focus();
  field.select();
  const save = async () => {
    try {
      const fresh = await busy(() => request('PATCH /api/account/passkeys/{passkey_id}', { path: { passkey_id: id }, body: { name: field.value.trim() } }));
      showAccount(fresh, t('account.renamed'), false);
    } catch (failure) { field.focus(); tell(refusal(failure), true); }
  };
  row.querySelector('[data-save]')?.addEventListener('click', (event) => { event.stopPropagation(); save(); });
  row.querySelector('[data-cancel]')?.addEventListener('click', (event) => { event.stopPropagation(); openAccount(); });
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') { event.preventDefault(); save(); }
    if (event.key === 'Escape') { event.preventDefault(); openAccount(); } // the name, not the dialog
  });
}

/** One more passkey for the account, made on this device. */
async function addPasskey() {
  try {
    const added = await busy(makePasskey);
    showAccount(added, t('account.passkey_added'), false);
  } catch (failure) {
    tell(declined(failure) ? t('account.no_passkey_made') : refusal(failure), true);
  }
}

/** @param {boolean} everywhere */
async function signOut(everywhere) {
  leaving = true; // this device's own socket hears of its session's end too
  try {
    const out = await busy(() => request('POST /api/account/logout', { body: { everywhere } }));
    reloadThen(out.guest_games ? { said: 'account.signed_out_guest_back', fields: { count: out.guest_games } } : { said: 'account.signed_out' });
  } catch (failure) {
    leaving = false;
    openAccount(refusal(failure), true);
  }
}

/**
 * A question before something that cannot be taken back; ``yes`` runs on the answer, else the account comes back.
 * @param {string} title @param {string} text @param {string} yes the button that does it @param {() => unknown} then
 */
function ask(title, text, yes, then) {
  const d = show(`<h2>${esc(title)}</h2><p>${esc(text)}</p>${saidLine}
    <div class="actions"><button type="button" data-no autofocus>${esc(t('button.cancel'))}</button>
    <button type="button" class="primary" data-yes>${esc(yes)}</button></div>`, { label: title });
  wire(d, { no: () => openAccount(), yes: () => then() });
  /** @type {HTMLElement} */ (d.querySelector('[data-no]')).focus();
}

/** Deleting the account: said what goes and what stays, and confirmed by a tick. @param {string} name */
function askDelete(name) {
  const d = show(`<h2>${esc(t('account.delete.title'))}</h2>
    <p>${esc(t('account.delete.about'))}</p>
    <p>${esc(t('account.delete.games'))}</p>
    <p class="note">${esc(t('account.delete.export_first'))}</p>
    <label class="kept"><input type="checkbox" data-sure> ${esc(t('account.delete.sure', { name }))}</label>
    ${saidLine}
    <div class="actions"><button type="button" data-no>${esc(t('account.delete.keep'))}</button>
    <button type="button" class="danger" data-yes disabled>${esc(t('account.delete'))}</button></div>`, { label: t('account.delete.title') });
  const sure = /** @type {HTMLInputElement} */ (d.querySelector('[data-sure]'));
  const yes = /** @type {HTMLButtonElement} */ (d.querySelector('[data-yes]'));
  sure.addEventListener('change', () => { yes.disabled = !sure.checked; });
  /** @type {HTMLElement} */ (d.querySelector('[data-no]')).focus();
  wire(d, {
    no: () => openAccount(),
    yes: async () => {
      leaving = true;
      try {
        await busy(() => request('DELETE /api/account'));
        reloadThen({ said: 'account.deleted' });
      } catch (failure) { leaving = false; tell(refusal(failure), true); }
    },
  });
}
