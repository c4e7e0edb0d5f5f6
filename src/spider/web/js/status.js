// The visible status line (also a polite live region) and spoken announcements for screen readers.
const statusEl = () => document.getElementById('status');
const announceEl = () => document.getElementById('announce');

/** Show a short message under the table; errors (refusals) stand out. */
export function say(text, { error = false } = {}) {
  const el = statusEl();
  el.textContent = text;
  el.classList.toggle('error', error);
}

/** Speak a result to screen readers without changing what sighted players see. */
export function announce(text) {
  const el = announceEl();
  el.textContent = '';
  // a fresh text node in a later task makes repeated messages heard again
  setTimeout(() => { el.textContent = text; }, 30);
}

export function shake(elements) {
  for (const el of elements) {
    el.classList.remove('refused');
    void el.offsetWidth;
    el.classList.add('refused');
    el.addEventListener('animationend', () => el.classList.remove('refused'), { once: true });
  }
}
