import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  ChildJobPool,
  FileJobBusyError,
  FileJobError,
  FileJobLimitError,
} from '#server/lib/child-jobs/child-job-pool.ts'
import { AppError } from '#server/lib/errors.ts'
import { ARTWORK_BUSY_MESSAGE, ARTWORK_TOO_COMPLEX_MESSAGE, type PrintSpecs } from '#shared/artwork.ts'
import type { MapBand } from '#shared/map-composer.ts'
import type { AdPreviewInput } from './ad-preview.ts'
import { ArtworkRejectedError, type InspectedArtwork, type PreparedArtwork } from './artwork-file.ts'
import type { LegendMarker } from './proof-map-legend.ts'
import type { ProofDay, ProofIcon, ProofInput, ProofMap, ProofMapMarker } from './proof-pdf.ts'

/**
 * Untrusted artwork is read in child processes (lib/child-jobs): an upload's inspection, preview and
 * re-written file, and the month's proof, which decodes every file it embeds. The limits:
 * - memory: each job's process is stopped past FILE_JOB_MEMORY_MB of resident memory (512 MB);
 * - time: an upload's job is stopped after 20 s, a proof's after 120 s;
 * - at once: two jobs run (this machine's cores) and eight wait; one more is answered 503 with Retry-After.
 * A file that hits a limit is refused with ARTWORK_TOO_COMPLEX_MESSAGE; the server's own thread only
 * sends and receives bytes.
 */
const FILE_JOB_MEMORY_MB = 512
const UPLOAD_JOB_TIMEOUT_MS = 20_000
const PROOF_JOB_TIMEOUT_MS = 120_000
const AD_PREVIEW_JOB_TIMEOUT_MS = 20_000
const LEGEND_BAND_JOB_TIMEOUT_MS = 10_000
const FILE_JOB_PROCESSES = 2
const FILE_JOB_QUEUE = 8

/** The proof's input as it crosses to the child: each artwork by its storage key, fetched when drawn. */
export type ProofJobArtwork = { contentType: 'image/png' | 'image/jpeg' | 'application/pdf'; key: string }
export type ProofJobInput = Omit<ProofInput, 'days' | 'icons' | 'map' | 'houseAd'> & {
  houseAd: { text: string; image: ProofJobArtwork | null }
  days: (Omit<ProofDay, 'artwork'> & { artwork: ProofJobArtwork | null })[]
  icons: (Omit<ProofIcon, 'artwork'> & { artwork: ProofJobArtwork | null })[]
  map:
    | (Omit<ProofMap, 'image' | 'markers'> & {
        image: ProofJobArtwork | null
        markers: (Omit<ProofMapMarker, 'artwork'> & { artwork: ProofJobArtwork | null })[]
      })
    | null
}

/** The child's module: the .ts source under tsx (tests, development), the built file beside the bundle. */
function workerEntry(): URL {
  const here = import.meta.url
  if (here.endsWith('.ts')) return new URL('./artwork-file-worker.ts', here)
  // The server bundle is dist/server/main.js, and a lazily loaded part of it dist/server/chunks/*.js.
  for (const candidate of ['./artwork-file-worker.js', '../artwork-file-worker.js']) {
    const url = new URL(candidate, here)
    if (existsSync(fileURLToPath(url))) return url
  }
  throw new Error('artwork-file-worker.js is missing beside the server bundle: run `npm run build`')
}

let pool: ChildJobPool | undefined
function artworkPool(): ChildJobPool {
  pool ??= new ChildJobPool({
    entry: workerEntry(),
    processes: FILE_JOB_PROCESSES,
    queue: FILE_JOB_QUEUE,
    memoryMb: FILE_JOB_MEMORY_MB,
  })
  return pool
}

/** Jobs running and waiting now. */
export function artworkFileJobsLoad(): { running: number; waiting: number } {
  return pool?.load ?? { running: 0, waiting: 0 }
}

/** The busy answer: 503, and when to try again. */
class FileJobsBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('unavailable', ARTWORK_BUSY_MESSAGE)
  }
}

/**
 * A job on an uploaded file's bytes, with the upload's time limit: the pool's "busy" becomes
 * FileJobsBusyError (503 with Retry-After), a file past the child's limits or refused by the checks an
 * ArtworkRejectedError with the words for the buyer.
 */
async function runUploadJob<T>(job: 'prepare-artwork' | 'inspect-file', bytes: Uint8Array): Promise<T> {
  try {
    return await artworkPool().run<T>(job, bytes, { timeoutMs: UPLOAD_JOB_TIMEOUT_MS })
  } catch (error) {
    if (error instanceof FileJobBusyError) throw new FileJobsBusyError(error.retryAfterSeconds)
    if (error instanceof FileJobLimitError) throw new ArtworkRejectedError(ARTWORK_TOO_COMPLEX_MESSAGE)
    if (error instanceof FileJobError && error.errorName === 'ArtworkRejectedError')
      throw new ArtworkRejectedError(error.message)
    throw error
  }
}

/** prepareArtwork (artwork-file.ts) in a child process, with the limits above. */
export function prepareArtworkInChild(bytes: Uint8Array): Promise<PreparedArtwork> {
  return runUploadJob<PreparedArtwork>('prepare-artwork', bytes)
}

/** inspectArtwork (artwork-file.ts) in a child process: the type by content and an image's pixel size. */
export function inspectFileInChild(bytes: Uint8Array): Promise<InspectedArtwork> {
  return runUploadJob<InspectedArtwork>('inspect-file', bytes)
}

/**
 * A drawing job (a proof, an ad preview) in the child process: it asks for each stored file as it draws it.
 * The pool's "busy" becomes FileJobsBusyError (503 with Retry-After); any other failure is the server's.
 */
async function drawInChild(
  job: 'render-proof' | 'render-ad-preview',
  input: unknown,
  timeoutMs: number,
  loadArtwork: (key: string) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  try {
    return await artworkPool().run<Uint8Array>(job, input, {
      timeoutMs,
      onAsk: async (name, key) => {
        if (name !== 'artwork' || typeof key !== 'string') throw new Error(`unknown request ${name}`)
        return loadArtwork(key)
      },
    })
  } catch (error) {
    if (error instanceof FileJobBusyError) throw new FileJobsBusyError(error.retryAfterSeconds)
    throw error
  }
}

/** renderProofPdf (proof-pdf.ts) in a child process; it asks for each stored file as it draws it. */
export function renderProofInChild(
  input: ProofJobInput,
  loadArtwork: (key: string) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  return drawInChild('render-proof', input, PROOF_JOB_TIMEOUT_MS, loadArtwork)
}

/** An ad preview's input as it crosses to the child: its artwork by storage key, fetched when drawn. */
export type AdPreviewJobInput = Omit<AdPreviewInput, 'artwork'> & { artwork: ProofJobArtwork | null }

/** renderAdPreview (ad-preview.ts) in a child process; it asks for the line's stored file. */
export function renderAdPreviewInChild(
  input: AdPreviewJobInput,
  loadArtwork: (key: string) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  return drawInChild('render-ad-preview', input, AD_PREVIEW_JOB_TIMEOUT_MS, loadArtwork)
}

export type LegendBandJobInput = { specs: PrintSpecs; markers: LegendMarker[] }

/**
 * legendBandInches (map-legend-band.ts) in a child process, which keeps the proof's fonts loaded: measuring
 * them on the server's thread would hold it for about 100 ms the first time. Null when the child processes
 * are all busy: the composer then shows no band rather than failing.
 */
export async function legendBandInChild(input: LegendBandJobInput): Promise<MapBand | null> {
  try {
    return await artworkPool().run<MapBand | null>('legend-band', input, {
      timeoutMs: LEGEND_BAND_JOB_TIMEOUT_MS,
    })
  } catch (error) {
    if (error instanceof FileJobBusyError) return null
    throw error
  }
}
