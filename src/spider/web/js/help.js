// @ts-check
// "How it works": a feature's screen links to its section of the rules page, in the player's language
// (/static/rules/<lang>.html#<anchor>; every language's page has the same anchors). The page opens in a tab
// of its own, so that the screen the player came from stays as it was.
import { t, currentLanguage } from './i18n.js';
import { esc } from './dialog.js';

/** The address of a section of the rules page. @param {string} anchor */
export const helpAddress = (anchor) => `/static/rules/${currentLanguage()}.html#${anchor}`;

/**
 * The link to a feature's section, as markup: "How it works", or a "?" named so (`short`) where room is
 * scarce (beside the score).
 * @param {string} anchor the section's id on the rules page: daily, arenas, review, ...
 * @param {{ short?: boolean }} [how]
 */
export function helpLink(anchor, { short = false } = {}) {
  const label = short ? ` aria-label="${esc(t('help.link'))}" title="${esc(t('help.link'))}"` : '';
  return `<a class="help-link${short ? ' short' : ''}" href="${esc(helpAddress(anchor))}" target="_blank" rel="noopener" data-help="${esc(anchor)}"${label}>${short ? '?' : esc(t('help.link'))}</a>`;
}
