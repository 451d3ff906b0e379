/**
 * npm run bench:hostile-files: hostile uploads against the built server (dist/server/main.js on a fresh
 * PGlite folder), each while a health probe asks every 10 ms. Prints, per file: the answer, the slowest
 * health probe, the server process's peak resident memory and the peak of its file-job children.
 * Build first (npm run build).
 */
import fs from 'node:fs'
import sharp from 'sharp'
import { activePdf, fanOutPdf, flateBombPdf } from '../src/server/test/hostile-files.ts'
import { assertClientBuilt, startBuiltServer } from './lib/built-server.ts'

const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' }

assertClientBuilt()
// HOSTILE_BENCH_URL + HOSTILE_BENCH_PID: a server already running (with ADMIN_EMAIL/ADMIN_PASSWORD as above).
const server = process.env.HOSTILE_BENCH_URL
  ? { url: process.env.HOSTILE_BENCH_URL, pid: Number(process.env.HOSTILE_BENCH_PID), stop: async () => {} }
  : await startBuiltServer({ admin: ADMIN, label: 'townflyer-hostile' })
const origin = server.url
const pid = server.pid as number

function residentMb(p: number): number {
  try {
    return (Number(fs.readFileSync(`/proc/${p}/statm`, 'utf8').split(' ')[1]) * 4096) / 1024 / 1024
  } catch {
    return 0
  }
}
function children(p: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

async function call(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers)
  headers.set('origin', origin)
  if (init.cookie) headers.set('cookie', init.cookie)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  return fetch(`${origin}${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: 'manual',
  })
}

try {
  const signIn = await call('/api/auth/sign-in/email', { method: 'POST', json: ADMIN })
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const now = new Date()
  const year = now.getUTCFullYear() + 1
  const month = `${year}-0${(now.getUTCMonth() % 6) + 3}`
  const init = await call('/api/admin/calendar-days/initialize', {
    method: 'POST',
    cookie,
    json: { startDate: `${month}-01`, endDate: `${month}-28`, price: 120 },
  })
  if (init.status !== 200) throw new Error(`initialize: ${init.status} ${await init.text()}`)
  const days = (await (await call(`/api/calendar-days?month=${month}`)).json()) as { id: string }[]
  const dayIds = (Array.isArray(days) ? days : ((days as { days: { id: string }[] }).days ?? [])).map(
    (d) => d.id,
  )

  let next = 0
  async function line(): Promise<{ token: string; orderIds: string[] }> {
    const created = await call('/api/functions/create-cart-checkout-session', {
      method: 'POST',
      json: {
        businessName: `Bench ${next}`,
        email: `bench${next}@example.com`,
        calendarDayIds: [dayIds[next++]],
        mapIconId: null,
        discount: 0,
      },
    })
    if (created.status !== 200) throw new Error(`checkout: ${created.status} ${await created.text()}`)
    const sessionId = ((await created.json()) as { sessionUrl: string }).sessionUrl.split('/').pop() as string
    await call(`/pay/${sessionId}/complete`, { method: 'POST' })
    const lookup = (await (
      await call('/api/functions/get-orders-by-session', { method: 'POST', json: { sessionId } })
    ).json()) as { artwork?: { path: string } }
    const token = lookup.artwork?.path.split('/').pop() as string
    const page = (await (await call(`/api/artwork/${token}`)).json()) as { lines: { orderId: string }[] }
    return { token, orderIds: page.lines.map((l) => l.orderId) }
  }

  async function measure(name: string, work: () => Promise<string>) {
    let done = false
    let slowest = 0
    let slowestStatic = 0
    let serverPeak = residentMb(pid)
    let childPeak = 0
    const watch = setInterval(() => {
      serverPeak = Math.max(serverPeak, residentMb(pid))
      childPeak = Math.max(childPeak, ...children(pid).map(residentMb), 0)
    }, 10)
    // /api/health waits for the database (PGlite runs queries on the server's thread, one at a time);
    // /robots.txt does not, so it measures the event loop alone.
    const probe = (async () => {
      while (!done) {
        const started = performance.now()
        await (await fetch(`${origin}/api/health`)).arrayBuffer()
        slowest = Math.max(slowest, performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const staticProbe = (async () => {
      while (!done) {
        const started = performance.now()
        await (await fetch(`${origin}/robots.txt`)).arrayBuffer()
        slowestStatic = Math.max(slowestStatic, performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    const started = performance.now()
    const answer = await work()
    const seconds = (performance.now() - started) / 1000
    done = true
    await Promise.all([probe, staticProbe])
    clearInterval(watch)
    console.log(
      `| ${name} | ${answer} | ${seconds.toFixed(2)} s | ${slowestStatic.toFixed(0)} ms | ${slowest.toFixed(0)} ms | ${serverPeak.toFixed(0)} MB | ${childPeak.toFixed(0)} MB |`,
    )
  }

  async function upload(bytes: Uint8Array, name: string, target?: { token: string; orderIds: string[] }) {
    const { token, orderIds } = target ?? (await line())
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)]), name)
    for (const id of orderIds) form.append('orderId', id)
    const response = await call(`/api/artwork/${token}/upload`, { method: 'POST', body: form })
    await response.arrayBuffer()
    return response.status
  }

  const png16 = new Uint8Array(
    await sharp({ create: { width: 5000, height: 5000, channels: 4, background: '#3355aa80' } })
      .toColourspace('rgb16')
      .png({ progressive: true })
      .toBuffer(),
  )
  const huge16 = new Uint8Array(
    await sharp({ create: { width: 8000, height: 8000, channels: 4, background: '#3355aa80' } })
      .toColourspace('rgb16')
      .png({ progressive: true })
      .toBuffer(),
  )

  console.log(`\nHostile files against the built server (${process.version}), health probe every 10 ms\n`)
  console.log(
    '| file | answer | time | slowest static probe | slowest health probe (database) | server peak RSS | file-job peak RSS |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- |')
  const cases: [string, Uint8Array, string, number][] = [
    ['PDF page tree 2^40 pages (4 KB)', fanOutPdf(40), 'a.pdf', 1],
    ['PDF page tree 2^24 pages', fanOutPdf(24), 'a.pdf', 1],
    ['PDF object stream bomb 4 GB (4 MB)', flateBombPdf(4096, 'objects'), 'a.pdf', 1],
    ['PDF content stream bomb 1 GB', flateBombPdf(1024, 'contents'), 'a.pdf', 1],
    ['PDF with script, actions, attachment', activePdf(), 'a.pdf', 1],
    [
      `8 × 8000² 16-bit interlaced PNG (${Math.round(huge16.byteLength / 1024)} KB) at once`,
      huge16,
      'a.png',
      8,
    ],
    [`5000² 16-bit interlaced PNG (${Math.round(png16.byteLength / 1024)} KB)`, png16, 'a.png', 1],
  ]
  for (const [name, bytes, fileName, times] of cases) {
    const target = await line() // the checkout is made before the clock starts
    await measure(name, async () =>
      (await Promise.all(Array.from({ length: times }, () => upload(bytes, fileName, target)))).join(' '),
    )
  }
  await measure('proof of the month (7 lines)', async () => {
    const response = await call(`/api/admin/mailings/${month}/proof.pdf`, { cookie })
    const bytes = await response.arrayBuffer()
    return `${response.status} (${Math.round(bytes.byteLength / 1024)} KB)`
  })
} finally {
  await server.stop()
}
