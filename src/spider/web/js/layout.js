// Sizes cards to the window and spaces each column so the longest one still fits without scrolling.
const root = document.documentElement;
export const size = { cardW: 80, cardH: 112, corner: 14, tableH: 500 };

export function measure(tableau) {
  const app = tableau.parentElement;
  const style = getComputedStyle(app);
  const width = app.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
  const height = tableau.clientHeight - 12;
  const gap = Math.min(18, Math.max(2.5, width * 0.012));
  const byWidth = (width - 9 * gap) / 10;
  const byHeight = height / 4.6 / 1.4;
  const cardW = Math.max(24, Math.floor(Math.min(byWidth, byHeight, 118)));
  const cardH = Math.round(cardW * 1.4);
  const small = cardW < 56;
  const corner = Math.round(small ? Math.max(11, cardW * 0.36) : Math.min(20, Math.max(12, cardW * 0.2)));
  root.classList.toggle('small-cards', small);
  const slotW = Math.round(Math.min(52, Math.max(24, cardW * 0.55)));
  Object.assign(size, { cardW, cardH, corner, tableH: height });
  root.style.setProperty('--card-w', `${cardW}px`);
  root.style.setProperty('--card-h', `${cardH}px`);
  root.style.setProperty('--corner', `${corner}px`);
  root.style.setProperty('--slot-w', `${slotW}px`);
  root.style.setProperty('--radius', `${Math.max(4, Math.round(cardW * 0.08))}px`);
}

/** Offsets (px from the column's top) of a column's cards: face-down first, then face-up. */
export function offsets(down, up) {
  const { cardH, corner, tableH } = size;
  let downStep = cardH * 0.11;
  let upStep = Math.max(cardH * 0.27, corner * 1.45);
  const room = tableH - cardH;
  const downGaps = up > 0 ? down : Math.max(0, down - 1);
  const upGaps = Math.max(0, up - 1);
  if (downGaps * downStep + upGaps * upStep > room) {
    downStep = Math.max(cardH * 0.045, Math.min(downStep, (room - upGaps * upStep) / Math.max(1, downGaps)));
    if (downGaps * downStep + upGaps * upStep > room) {
      upStep = Math.max(3, (room - downGaps * downStep) / Math.max(1, upGaps));
    }
  }
  const ys = [];
  let y = 0;
  for (let i = 0; i < down; i += 1) { ys.push(y); y += downStep; }
  for (let i = 0; i < up; i += 1) { ys.push(y); y += upStep; }
  return ys;
}
