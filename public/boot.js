// Starts a server-rendered page's scripts once the page has painted (docs/decisions/014): the page is
// readable without them, so they must not compete with the HTML, the CSS and the font for the first paint.
// The entry comes first in the list, then the chunks it and the page import (preloaded, as the
// modulepreload links of other pages are).
const block = document.getElementById('page-modules')
const [entry, ...chunks] = block ? JSON.parse(block.textContent || '[]') : []

let started = false
function start() {
  if (started) return
  started = true
  for (const href of chunks) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  if (entry) import(entry)
}

// "After the first paint" is the browser's first-contentful-paint entry, which reports when the frame was
// shown: a requestAnimationFrame callback runs before its frame is painted, and on a long first layout
// the scripts then started before anything was on screen. A hidden tab does not paint (it starts at once,
// or when hidden later), and a browser without paint timing starts one frame in.
if (document.visibilityState === 'hidden') start()
else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    setTimeout(start, 0)
  }).observe({ type: 'paint', buffered: true })
  document.addEventListener('visibilitychange', start, { once: true })
  // Should the browser never report the paint, the page still comes to life.
  setTimeout(start, 3000)
} else requestAnimationFrame(() => setTimeout(start, 0))
