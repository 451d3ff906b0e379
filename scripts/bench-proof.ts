/**
 * npm run bench:proof: the proof of a full month through the production path, renderProofInChild
 * (artwork-file-jobs.ts: the file-job child process with its memory and time limits, each stored file
 * asked for as it is drawn). The month: 31 sold days, each with its own 4000 × 4000 px artwork (two JPEGs
 * for each PNG: shapes and the name over a photographic texture (JPEG) or a gradient (PNG), so they do not
 * compress to nothing), and 26 map icons, each with its own 2000 × 2000 px artwork (PNG and JPEG, regular and
 * premium alternately), placed on a 3000 × 3000 px map image with the legend on. The files are made once with sharp in
 * $TMPDIR/townflyer-bench-proof and kept for the next run.
 *
 * A first, empty proof starts the child (its start is printed apart); then RUNS (default 3) proofs, each
 * timed from the call to the PDF's bytes, the child's peak resident memory (VmHWM in /proc/<pid>/status,
 * reset before each run by writing 5 to /proc/<pid>/clear_refs) and the PDF's size; then the medians.
 * BENCH_PROOF_PDF=<file> keeps the last PDF. Asserts nothing (benchmarks are scripts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { type ProofJobInput, renderProofInChild } from '#server/features/artwork/artwork-file-jobs.ts'
import { DEFAULT_PRINT_SPECS } from '#shared/artwork.ts'
import { townMapPng } from './lib/town-map.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const MONTH = '2027-01'
const DAYS = 31
const ICONS = 26
const DAY_PIXELS = 4000
const ICON_PIXELS = 2000
const MAP_PIXELS = 3000
const dir = path.join(os.tmpdir(), 'townflyer-bench-proof')

function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32
    return state / 2 ** 32
  }
}

/**
 * A background each picture is drawn on, made once per size: for JPEGs a smooth photographic texture; for
 * PNGs (a drawn logo) a soft gradient, which PNG keeps small as a logo's flat colours would be.
 */
const backgrounds = new Map<string, Promise<Buffer>>()
function background(size: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const key = `${size}-${format}`
  let made = backgrounds.get(key)
  if (!made) {
    made =
      format === 'jpeg'
        ? sharp({
            create: {
              width: 400,
              height: 400,
              channels: 3,
              background: '#a0a0a0',
              noise: { type: 'gaussian', mean: 160, sigma: 40 },
            },
          })
            .resize(size, size, { kernel: 'cubic' })
            .raw()
            .toBuffer()
        : sharp(
            Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff7e0"/><stop offset="1" stop-color="#d6e8ff"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
            ),
          )
            .removeAlpha()
            .raw()
            .toBuffer()
    backgrounds.set(key, made)
  }
  return made
}

/**
 * A logo-like picture: its background, with a 1000 px panel of sixty coloured shapes and the business's
 * name at a place of its own (drawing shapes over all 4000 px would make the files far slower to make).
 */
async function artworkFile(seed: number, size: number, name: string, format: 'jpeg' | 'png') {
  const next = random(seed)
  const panel = Math.min(1000, size)
  const colour = () =>
    `rgb(${Math.floor(next() * 255)},${Math.floor(next() * 255)},${Math.floor(next() * 255)})`
  const shapes = Array.from({ length: 60 }, () =>
    next() < 0.5
      ? `<circle cx="${next() * panel}" cy="${next() * panel}" r="${next() * panel * 0.1}" fill="${colour()}" opacity="0.8"/>`
      : `<rect x="${next() * panel}" y="${next() * panel}" width="${next() * panel * 0.3}" height="${next() * panel * 0.15}" fill="${colour()}" opacity="0.7"/>`,
  ).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${panel}" height="${panel}">${shapes}<text x="50%" y="55%" font-family="sans-serif" font-size="${panel / 7}" font-weight="bold" text-anchor="middle" fill="#111">${name}</text></svg>`
  const picture = sharp(await background(size, format), {
    raw: { width: size, height: size, channels: 3 },
  }).composite([
    {
      input: Buffer.from(svg),
      left: Math.floor(next() * (size - panel)),
      top: Math.floor(next() * (size - panel)),
    },
  ])
  return format === 'jpeg'
    ? picture.jpeg({ quality: 90 }).toBuffer()
    : picture.png({ compressionLevel: 6 }).toBuffer()
}

/** A town map at the bench's size. */
const mapFile = () => townMapPng(MAP_PIXELS, MAP_PIXELS)

type Stored = { key: string; contentType: 'image/png' | 'image/jpeg' }

/** Makes the files once; later runs find them in `dir`. */
async function storedFiles(): Promise<{ days: Stored[]; icons: Stored[]; map: Stored }> {
  fs.mkdirSync(dir, { recursive: true })
  const make = async (key: string, contentType: Stored['contentType'], bytes: () => Promise<Buffer>) => {
    const file = path.join(dir, key)
    if (!fs.existsSync(file)) fs.writeFileSync(file, await bytes())
    return { key, contentType }
  }
  const days: Stored[] = []
  for (let day = 1; day <= DAYS; day++) {
    // Two JPEGs for each PNG, as logos and photos arrive.
    const format = day % 3 === 0 ? 'png' : 'jpeg'
    days.push(
      await make(`day-${day}.${format === 'jpeg' ? 'jpg' : 'png'}`, `image/${format}`, () =>
        artworkFile(day, DAY_PIXELS, `Shop ${day}`, format),
      ),
    )
  }
  const icons: Stored[] = []
  for (let icon = 1; icon <= ICONS; icon++)
    icons.push(
      await make(`icon-${icon}.png`, 'image/png', () =>
        artworkFile(100 + icon, ICON_PIXELS, `Icon ${icon}`, 'png'),
      ),
    )
  return { days, icons, map: await make('map.png', 'image/png', mapFile) }
}

function proofInput(files: Awaited<ReturnType<typeof storedFiles>>): ProofJobInput {
  const shortUrl = (n: number) => `https://town.example/go/k7m${String(n).padStart(4, '0')}`
  const positions = random(42)
  return {
    month: MONTH,
    title: 'January 2027',
    productName: 'Townflyer',
    inHomesDate: '2027-01-02',
    specs: DEFAULT_PRINT_SPECS,
    houseAd: { text: 'Your business here — town.example', image: null },
    days: files.days.map((artwork, index) => ({
      date: `${MONTH}-${String(index + 1).padStart(2, '0')}`,
      businessName: `Main Street Business Number ${index + 1}`,
      artwork,
      shortUrl: shortUrl(index + 1),
    })),
    icons: [],
    draft: { missing: 0, notApproved: 0 },
    map: {
      image: files.map,
      legend: true,
      markers: files.icons.map((artwork, index) => ({
        number: index + 1,
        businessName: `Harbour Street Shop ${index + 1}`,
        iconName: 'Pin',
        size: index % 2 ? 'premium' : 'regular',
        artwork,
        shortUrl: shortUrl(100 + index),
        // Spread over the map above the legend: rows of six, each a little off its grid spot.
        x: 0.1 + (index % 6) * 0.16 + (positions() - 0.5) * 0.06,
        y: 0.07 + Math.floor(index / 6) * 0.13 + (positions() - 0.5) * 0.05,
        placed: true,
      })),
    },
  }
}

const loadArtwork = (key: string) => fs.promises.readFile(path.join(dir, key))

/** The file-job children of this process (tsx's own esbuild child left out). */
function children(): number[] {
  const pids = fs
    .readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
  return pids.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('artwork-file-worker')
    } catch {
      return false
    }
  })
}

/** A child's peak resident memory in MB since its last reset. */
function peakMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const started = performance.now()
const files = await storedFiles()
console.log(`files ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir})`)
const input = proofInput(files)
const total = fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0)
console.log(`${DAYS} days, ${ICONS} icons, the map: ${(total / 1024 / 1024).toFixed(1)} MB of files`)

const warm = performance.now()
await renderProofInChild({ ...input, days: [], map: null }, loadArtwork)
console.log(`child started with an empty proof in ${((performance.now() - warm) / 1000).toFixed(2)} s`)

const results: { seconds: number; peak: number; bytes: number }[] = []
let last: Uint8Array = new Uint8Array()
for (let run = 1; run <= RUNS; run++) {
  for (const pid of children()) fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
  const start = performance.now()
  last = await renderProofInChild(input, loadArtwork)
  const seconds = (performance.now() - start) / 1000
  const peak = Math.max(0, ...children().map(peakMb))
  results.push({ seconds, peak, bytes: last.length })
  console.log(
    `run ${run}: ${seconds.toFixed(2)} s, child peak RSS ${peak.toFixed(0)} MB, PDF ${(last.length / 1024 / 1024).toFixed(1)} MB`,
  )
}
console.log(
  `median of ${RUNS}: ${median(results.map((r) => r.seconds)).toFixed(2)} s, child peak RSS ${median(results.map((r) => r.peak)).toFixed(0)} MB, PDF ${(median(results.map((r) => r.bytes)) / 1024 / 1024).toFixed(1)} MB (load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores)`,
)
if (process.env.BENCH_PROOF_PDF) fs.writeFileSync(process.env.BENCH_PROOF_PDF, last)
// The idle child would keep its IPC channel open a while: it leaves when this process does.
process.exit(0)
