// The one <dialog> every dialog fills in turn, and the escaping of the texts put in it.

export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const dialog = () => document.getElementById('dialog');

/** Fill the dialog with ``html`` and show it; ``onClose`` gets the value of the button that closed it. */
export function openDialog(html, { label, onClose } = {}) {
  const d = dialog();
  if (d.open) d.close('replaced');
  d.innerHTML = html;
  d.returnValue = '';
  d.setAttribute('aria-label', label || '');
  d.onclose = () => { if (onClose) onClose(d.returnValue); };
  d.showModal();
  // the focused button may lie below a short screen's fold: the dialog still opens at its title
  d.scrollTop = 0;
  return d;
}
