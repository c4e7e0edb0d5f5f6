// @ts-check
// Passkeys through the browser's own WebAuthn: the server's options as JSON in, the credential as JSON out
// (PublicKeyCredential.parse*OptionsFromJSON and toJSON). A browser without those (Safari before 18) gets the
// same from the few base64url fields decoded and encoded here.
import { request } from './api.js';
/** @import * as A from './answers' */

/** Can this browser make and use passkeys at all? */
export const passkeysWork = () => typeof window.PublicKeyCredential === 'function' && Boolean(navigator.credentials);

/** @param {string} text base64url @returns {ArrayBuffer} */
function bytes(text) {
  const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0)).buffer;
}

/** @param {ArrayBuffer | ArrayBufferView} data @returns {string} base64url */
function text(data) {
  const array = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return btoa(String.fromCharCode(...array)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @param {{ id: string }[] | undefined} list */
const withBytes = (list) => (list || []).map((one) => ({ ...one, id: bytes(one.id) }));

/** @param {Record<string, unknown>} json @returns {PublicKeyCredentialCreationOptions} */
function creation(json) {
  const options = /** @type {PublicKeyCredentialCreationOptionsJSON} */ (/** @type {unknown} */ (json));
  if (typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function') return PublicKeyCredential.parseCreationOptionsFromJSON(options);
  return /** @type {PublicKeyCredentialCreationOptions} */ (/** @type {unknown} */ ({
    ...options, challenge: bytes(options.challenge), user: { ...options.user, id: bytes(options.user.id) },
    excludeCredentials: withBytes(options.excludeCredentials),
  }));
}

/** @param {Record<string, unknown>} json @returns {PublicKeyCredentialRequestOptions} */
function requesting(json) {
  const options = /** @type {PublicKeyCredentialRequestOptionsJSON} */ (/** @type {unknown} */ (json));
  if (typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function') return PublicKeyCredential.parseRequestOptionsFromJSON(options);
  return /** @type {PublicKeyCredentialRequestOptions} */ (/** @type {unknown} */ ({
    ...options, challenge: bytes(options.challenge), allowCredentials: withBytes(options.allowCredentials),
  }));
}

/** The credential as the server reads it. @param {PublicKeyCredential} credential @returns {A.Credential} */
function json(credential) {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const answer = /** @type {AuthenticatorAttestationResponse & AuthenticatorAssertionResponse} */ (credential.response);
  /** @type {Record<string, unknown>} */
  const response = { clientDataJSON: text(answer.clientDataJSON) };
  if (answer.attestationObject) {
    response.attestationObject = text(answer.attestationObject);
    response.transports = answer.getTransports ? answer.getTransports() : [];
  } else {
    response.authenticatorData = text(answer.authenticatorData);
    response.signature = text(answer.signature);
    if (answer.userHandle) response.userHandle = text(answer.userHandle);
  }
  return {
    id: credential.id, rawId: text(credential.rawId), type: credential.type, response,
    authenticatorAttachment: credential.authenticatorAttachment, clientExtensionResults: { ...credential.getClientExtensionResults() },
  };
}

/** A new passkey on this device: a guest's first (the account is made) or one more for the account. */
export async function makePasskey() {
  const options = await request('POST /api/account/register/options', { body: {} });
  const made = /** @type {PublicKeyCredential | null} */ (await navigator.credentials.create({ publicKey: creation(options) }));
  if (!made) throw new DOMException('no passkey', 'NotAllowedError');
  return request('POST /api/account/register', { body: json(made) });
}

/** Signs this device in with any passkey of the site it holds (the browser asks which). */
export async function usePasskey() {
  const options = await request('POST /api/account/login/options', { body: {} });
  const used = /** @type {PublicKeyCredential | null} */ (await navigator.credentials.get({ publicKey: requesting(options) }));
  if (!used) throw new DOMException('no passkey', 'NotAllowedError');
  return request('POST /api/account/login', { body: json(used) });
}

/** The player closed the browser's passkey prompt, or it timed out: no refusal to tell. @param {unknown} error */
export const declined = (error) => error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
