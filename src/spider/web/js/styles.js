// @ts-check
// The style sheets that come with a part of the page loaded when first wanted (a dialog, the viewer, the
// offline badge): each is added to the page once, so that the first load carries none of them.

/** Adds `/static/css/NAME.css` to the page, unless it is there already. @param {string} name */
export function addStyle(name) {
  const href = `/static/css/${name}.css`;
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
