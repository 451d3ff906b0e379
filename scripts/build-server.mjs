// Builds the server for `npm start` / `npm run serve` (docs/decisions/006): src/server/main.ts and our own
// modules become dist/server/main.js (+ source map), with what the server imports lazily (better-auth's
// setup, S3, SMTP, Stripe) in chunks of their own; packages stay imports that Node resolves from
// node_modules. Plain JavaScript so it runs without tsx; esbuild comes with tsx and vite.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.join(root, 'dist', 'server')
export const serverBundle = path.join(outdir, 'main.js')

const inReactRouter = `${path.sep}node_modules${path.sep}react-router${path.sep}`

/**
 * The page manifest (src/shared/page-routes.ts) matches requests with react-router's matchRoutes, and
 * react-router is the browser's package (a devDependency, absent from a production install): so it is
 * bundled in, in its production build, with what it imports itself (React's production build, cookie,
 * set-cookie-parser). Every other package stays an import.
 */
const bundleReactRouter = {
  name: 'townflyer:bundle-react-router',
  setup(build) {
    const require = createRequire(import.meta.url)
    build.onResolve({ filter: /^react-router$/ }, () => ({
      path: path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
    }))
    build.onResolve({ filter: /^(react|cookie|set-cookie-parser)$/ }, (args) => {
      if (!args.importer.includes(inReactRouter)) return undefined
      if (args.path === 'react')
        return { path: path.join(root, 'node_modules/react/cjs/react.production.js') }
      return { path: require.resolve(args.path, { paths: [args.resolveDir] }) }
    })
  },
}

/** True when the bundle is missing or older than a source file of the server (src/server, src/shared). */
export function isServerBundleStale() {
  if (!fs.existsSync(serverBundle)) return true
  const built = fs.statSync(serverBundle).mtimeMs
  const newer = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const file = path.join(dir, entry.name)
      return entry.isDirectory() ? newer(file) : fs.statSync(file).mtimeMs > built
    })
  return newer(path.join(root, 'src', 'server')) || newer(path.join(root, 'src', 'shared'))
}

/**
 * Old chunks are left in place: chunk names carry a content hash, and a server still running from an
 * earlier build may load one of its lazy chunks (Stripe, S3, SMTP) long after this build.
 */
export async function buildServer() {
  await build({
    entryPoints: {
      main: path.join(root, 'src', 'server', 'main.ts'),
      // The child process that reads untrusted artwork files (started by artwork-file-jobs.ts).
      'artwork-file-worker': path.join(
        root,
        'src',
        'server',
        'features',
        'artwork',
        'artwork-file-worker.ts',
      ),
    },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [bundleReactRouter],
    sourcemap: true,
    logLevel: 'warning',
  })
  return serverBundle
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // --if-stale (npm run serve): only when a server source changed since the last build.
  if (!process.argv.includes('--if-stale') || isServerBundleStale()) await buildServer()
}
