import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// react-router's package exports point every condition at its development build, which keeps its dev
// warnings in production bundles (remix-run/react-router#14753). Builds use the production build.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
)

/**
 * Writes dist/client-chunk-modules.json (chunk file -> source modules), next to but outside the served
 * folder, so scripts/check-budgets.ts can tell which code each route loads (e.g. no admin code).
 */
function chunkModules(): Plugin {
  const root = path.dirname(fileURLToPath(import.meta.url))
  let isSsr = false
  return {
    name: 'townflyer:chunk-modules',
    apply: 'build',
    configResolved(config) {
      isSsr = Boolean(config.build.ssr)
    },
    writeBundle(options, bundle) {
      // The server renderer's bundle (dist/ssr) is not sent to browsers.
      if (isSsr) return
      const map: Record<string, string[]> = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        map[chunk.fileName] = Object.keys(chunk.modules)
          .filter((id) => (chunk.modules[id]?.renderedLength ?? 0) > 0)
          .map((id) => path.relative(root, id.replace(/\0/g, '')))
      }
      const outDir = options.dir ?? path.join(root, 'dist/client')
      fs.writeFileSync(path.join(outDir, '../client-chunk-modules.json'), `${JSON.stringify(map, null, 1)}\n`)
    },
  }
}

type ModuleGraph = { getModuleInfo: (id: string) => { importers: string[] } | null }

const ENTRY_MODULE = /[\\/]src[\\/]client[\\/]main\.tsx$/
const PAGE_MODULE = /[\\/]src[\\/]client[\\/]app[\\/]routes[\\/]((?:public|admin)[\\/][\w-]+)\.tsx$/
/** Libraries big enough to be worth their own cached chunk, loaded only by the forms that need them. */
const OWN_CHUNK = /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/
/** A module this many public pages use goes into one `common` chunk. */
const COMMON_PAGE_COUNT = 8

/**
 * Groups the code that pages share (codeSplitting groups) into a few chunks instead of one chunk per
 * set of pages that happen to share a module: left alone, the home page needs ~20 small chunks, which on
 * a slow connection cost a round trip each. A shared module goes into `common` when most public pages
 * use it, otherwise into a chunk named after the public pages that use it. Code in the entry stays
 * there, admin-only code stays with the admin pages, and a module is never grouped with its
 * dependencies (they follow their own users), so no page loads another's code through a group.
 */
function sharedChunkName() {
  const users = new Map<string, Set<string>>()
  /** The pages (and 'entry') that statically import `id`, directly or through other modules. */
  const usersOf = (id: string, graph: ModuleGraph, visiting: Set<string>): Set<string> => {
    const known = users.get(id)
    if (known) return known
    const found = new Set<string>()
    const page = id.match(PAGE_MODULE)?.[1]
    if (ENTRY_MODULE.test(id)) found.add('entry')
    else if (page) found.add(page.replace(/\\/g, '/'))
    else if (!visiting.has(id)) {
      visiting.add(id)
      for (const importer of graph.getModuleInfo(id)?.importers ?? []) {
        for (const user of usersOf(importer, graph, visiting)) found.add(user)
      }
      visiting.delete(id)
      users.set(id, found)
    }
    return found
  }
  return (id: string, graph: ModuleGraph): string | null => {
    if (OWN_CHUNK.test(id)) return null
    const found = usersOf(id, graph, new Set())
    if (found.has('entry')) return null
    // The demo landing page counts like any other: it uses nearly every feature, and leaving it out made
    // code it shares with one other page a chunk of its own on both.
    const pages = [...found].filter((user) => user.startsWith('public/'))
    if (pages.length >= COMMON_PAGE_COUNT) return 'common'
    if (pages.length < 2) return null
    return pages
      .map((user) => user.slice('public/'.length).replace(/-page$/, ''))
      .sort()
      .join('+')
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), chunkModules()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  // The server renderer (src/client/entry-server.tsx → dist/ssr, decision 014) is self-contained: every
  // package it uses (React, react-query, Radix, lucide, …) is bundled in, so a production install
  // (`npm ci --omit=dev`, where those stay devDependencies) renders pages; only Node's built-in modules
  // stay imports (decision 017).
  ssr: { noExternal: command === 'build' ? true : ['react-router'] },
  // Those packages are bundled in their production builds, whatever NODE_ENV the server runs with: React
  // picks its build by process.env.NODE_ENV, and the server's start commands do not set it.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist/client',
    // public/ is served from dist/client; the renderer's folder needs none of it.
    copyPublicDir: !isSsrBuild,
    manifest: true,
    sourcemap: false,
    // Every browser we support preloads modules natively; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Only page chunks keep their name in the file name: the entry lists every chunk file for
        // preloading, and long names ('calendar_cart-checkout_day-checkout-…') cost every page bytes
        // (0.3 KB gzip). Which modules each file holds is in dist/client-chunk-modules.json.
        chunkFileNames: (chunk) =>
          /-page$/.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        codeSplitting: {
          groups: [
            // React and react-query are used by the entry and by most pages: one chunk of them, rather than
            // the pieces both use split off into several small chunks that each compress on their own.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/,
              priority: 10,
            },
            { name: sharedChunkName(), debugName: 'shared page code', includeDependenciesRecursively: false },
          ],
        },
      },
      treeshake: {
        // zod schema builders are pure: a page that imports a constant from a shared module that also
        // declares schemas (src/shared/settings.ts) must not pull zod (~25 KB gzip) along with it.
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/pay': 'http://localhost:3000',
    },
  },
}))
