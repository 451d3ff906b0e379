// Starts a server-rendered page's scripts once the page has painted (docs/decisions/014): the page is
// readable without them, so they must not compete with the HTML, the CSS and the font for the first paint.
// The entry comes first in the list, then the chunks it and the page import (preloaded, as the
// modulepreload links of other pages are). A hidden tab does not paint: it starts them at once.
const block = document.getElementById('page-modules')
const [entry, ...chunks] = block ? JSON.parse(block.textContent || '[]') : []

function start() {
  for (const href of chunks) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  if (entry) import(entry)
}

if (document.visibilityState === 'hidden') start()
else requestAnimationFrame(() => setTimeout(start, 0))
