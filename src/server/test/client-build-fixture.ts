import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The shell as `vite build` writes it (index.html with the entry script moved into the head). */
export const BUILT_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Advertise on the monthly community postcard." />
    <title>Townflyer</title>
    <!--site-config-->
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-b2.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

export const BUILT_CSS = '.text-slate-900{color:#0f172b}'

/** A folder shaped like dist/client (the shell and its stylesheet), for tests of the pages; remove() deletes it. */
export function builtClientFixture() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'townflyer-ssr-'))
  fs.writeFileSync(path.join(dir, 'index.html'), BUILT_SHELL)
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'assets/index-b2.css'), BUILT_CSS)
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}
