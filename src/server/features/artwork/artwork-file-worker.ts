import sharp from 'sharp'
import { serveChildJobs } from '#server/lib/child-jobs/serve-child-jobs.ts'
import { renderAdPreview } from './ad-preview.ts'
import { inspectArtwork, prepareArtwork } from './artwork-file.ts'
import type {
  AdPreviewJobInput,
  LegendBandJobInput,
  ProofJobArtwork,
  ProofJobInput,
} from './artwork-file-jobs.ts'
import { legendBandInches } from './map-legend-band.ts'
import { renderProofPdf } from './proof-pdf.ts'

// The child process that reads untrusted artwork (artwork-file-jobs.ts starts it). libvips keeps no
// cache and uses one thread, so one job's memory is what its file needs.
sharp.cache(false)
sharp.concurrency(1)

serveChildJobs({
  'prepare-artwork': async (input) => prepareArtwork(input as Uint8Array),
  'inspect-file': async (input) => inspectArtwork(input as Uint8Array),
  'legend-band': async (input) => {
    const { specs, markers } = input as LegendBandJobInput
    return legendBandInches(specs, markers)
  },
  'render-ad-preview': async (input, ask) => {
    const { artwork, ...rest } = input as AdPreviewJobInput
    return renderAdPreview({
      ...rest,
      artwork: artwork && {
        contentType: artwork.contentType,
        load: async () => (await ask('artwork', artwork.key)) as Uint8Array,
      },
    })
  },
  'render-proof': async (input, ask) => {
    const { days, icons, map, houseAd, ...rest } = input as ProofJobInput
    const load = (key: string) => async () => (await ask('artwork', key)) as Uint8Array
    const artwork = (a: ProofJobArtwork | null) => a && { contentType: a.contentType, load: load(a.key) }
    return renderProofPdf({
      ...rest,
      houseAd: { text: houseAd.text, image: artwork(houseAd.image) },
      map: map && {
        ...map,
        image: artwork(map.image),
        markers: map.markers.map((m) => ({ ...m, artwork: artwork(m.artwork) })),
      },
      days: days.map((d) => ({
        ...d,
        artwork: d.artwork && { contentType: d.artwork.contentType, load: load(d.artwork.key) },
      })),
      icons: icons.map((i) => ({
        ...i,
        artwork: i.artwork && { contentType: i.artwork.contentType, load: load(i.artwork.key) },
      })),
    })
  },
})
