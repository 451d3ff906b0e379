// Builds the server for `npm start` / `npm run serve` (docs/decisions/006): src/server/main.ts and our own
// modules become dist/server/main.js (+ source map), with what the server imports lazily (better-auth's
// setup, S3, SMTP, Stripe) in chunks of their own; packages stay imports that Node resolves from
// node_modules. Plain JavaScript so it runs without tsx; esbuild comes with tsx and vite.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.join(root, 'dist', 'server')
export const serverBundle = path.join(outdir, 'main.js')

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
    sourcemap: true,
    logLevel: 'warning',
  })
  return serverBundle
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // --if-stale (npm run serve): only when a server source changed since the last build.
  if (!process.argv.includes('--if-stale') || isServerBundleStale()) await buildServer()
}
