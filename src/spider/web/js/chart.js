// @ts-check
// The results chart of the statistics: one suit count's last games in the order they ended, a mark for each
// (won above, lost below) and the line of their scores, drawn as SVG. Time runs in the page's reading
// direction (right to left in Hebrew); the figure is named for screen readers, each mark too.
/** @import * as T from './types' */

const NS = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 180;
const PAD = 28;

/**
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 */
function svg(name, attributes) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

/**
 * The chart of ``games`` (newest first, as the history gives them).
 * @param {T.PastGame[]} games
 * @param {{ label: string, describe: (game: T.PastGame) => string, rtl: boolean }} options
 * @returns {SVGSVGElement}
 */
export function resultsChart(games, { label, describe, rtl }) {
  const chart = /** @type {SVGSVGElement} */ (svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'group', class: 'results-chart' }));
  chart.setAttribute('aria-label', label);
  const title = svg('title', {});
  title.textContent = label;
  chart.append(title);
  const ordered = [...games].reverse(); // the oldest first
  const n = ordered.length;
  const scores = ordered.map((game) => game.score);
  const low = Math.min(0, ...scores);
  const high = Math.max(1, ...scores);
  /** @param {number} i */
  const x = (i) => {
    const along = n === 1 ? 0.5 : i / (n - 1);
    return PAD + (rtl ? 1 - along : along) * (WIDTH - 2 * PAD);
  };
  /** @param {number} score */
  const y = (score) => PAD + (1 - (score - low) / (high - low)) * (HEIGHT - 2 * PAD);
  chart.append(svg('line', { x1: PAD, x2: WIDTH - PAD, y1: HEIGHT - PAD / 2, y2: HEIGHT - PAD / 2, class: 'axis' }));
  if (n > 1) {
    const points = ordered.map((game, i) => `${x(i).toFixed(1)},${y(game.score).toFixed(1)}`).join(' ');
    chart.append(svg('polyline', { points, class: 'score-line', 'aria-hidden': 'true' }));
  }
  ordered.forEach((game, i) => {
    const won = game.result === 'won';
    const mark = svg('g', { class: `mark ${won ? 'won' : 'lost'}`, role: 'img', transform: `translate(${x(i).toFixed(1)} 0)` });
    mark.setAttribute('aria-label', describe(game));
    const markTitle = svg('title', {});
    markTitle.textContent = describe(game);
    mark.append(markTitle);
    mark.append(svg('circle', { cx: 0, cy: y(game.score).toFixed(1), r: 3, class: 'score' }));
    if (won) mark.append(svg('circle', { cx: 0, cy: PAD / 2, r: 6, class: 'result' }));
    else mark.append(svg('path', { d: `M -5 ${HEIGHT - PAD / 2 - 5} l 10 10 m 0 -10 l -10 10`, class: 'result' }));
    chart.append(mark);
  });
  return chart;
}
