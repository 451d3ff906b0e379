/**
 * npm run render:proof-example: draws the proof of an example month with the production renderer
 * (renderProofPdf) and writes both sides as pictures for the docs: docs/images/proof-page-1.png (the
 * calendar side) and docs/images/proof-page-2.png (the map side). March 2027: nine sold days with logos, the
 * house ad in the others, five map icons placed on a drawn town map with the legend on. Needs pdftoppm
 * (Debian's poppler-utils). PROOF_EXAMPLE_PDF=<file> keeps the PDF too.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import {
  type ProofArtwork,
  type ProofInput,
  type ProofMapMarker,
  renderProofPdf,
} from '#server/features/artwork/proof-pdf.ts'
import { DEFAULT_PRINT_SPECS } from '#shared/artwork.ts'
import { townMapPng } from './lib/town-map.ts'

const ORIGIN = 'https://town.example'
const SOLD_DAYS: [day: number, business: string, colour: string][] = [
  [2, 'Main Street Hardware and Garden', '#2f6f4e'],
  [5, "Rosa's Bakery", '#c0504d'],
  [9, 'Harbour Dental', '#1f77b4'],
  [12, 'The Book Nook', '#8064a2'],
  [16, 'Pine Hill Pharmacy', '#4bacc6'],
  [19, 'Corner Coffee', '#7f4f24'],
  [23, 'Lakeside Yoga', '#f79646'],
  [26, 'Town Auto Repair', '#555555'],
  [30, 'Maple Street Florist', '#d6336c'],
]
const ICONS: [business: string, icon: string, size: 'regular' | 'premium', x: number, y: number][] = [
  ["Rosa's Bakery", 'Bakery', 'premium', 0.3, 0.22],
  ['Corner Coffee', 'Coffee Cup', 'regular', 0.62, 0.3],
  ['Harbour Dental', 'Tooth', 'regular', 0.72, 0.55],
  ['The Book Nook', 'Book', 'premium', 0.25, 0.6],
  ['Town Auto Repair', 'Wrench', 'regular', 0.55, 0.72],
]

/** A flat logo: a coloured disc with the business's initials, as a PNG. */
async function logo(name: string, colour: string): Promise<ProofArtwork> {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#fff"/><circle cx="300" cy="300" r="270" fill="${colour}"/><text x="300" y="370" font-family="sans-serif" font-size="200" font-weight="bold" text-anchor="middle" fill="#fff">${initials}</text></svg>`
  const bytes = await sharp(Buffer.from(svg)).png().toBuffer()
  return { contentType: 'image/png', load: async () => bytes }
}

/** A town map at a map's usual shape (portrait, like the card). */
async function townMap(): Promise<ProofArtwork> {
  const bytes = await townMapPng(2400, 3000)
  return { contentType: 'image/png', load: async () => bytes }
}

const code = (index: number) => `k7m4q${'23456789abcdefghjkmnpqrstvwxyz'[index]}2`

async function exampleInput(): Promise<ProofInput> {
  const colours = new Map(SOLD_DAYS.map(([, name, colour]) => [name, colour]))
  const days = await Promise.all(
    SOLD_DAYS.map(async ([day, businessName, colour], index) => ({
      date: `2027-03-${String(day).padStart(2, '0')}`,
      businessName,
      artwork: await logo(businessName, colour),
      shortUrl: `${ORIGIN}/go/${code(index)}`,
    })),
  )
  const markers: ProofMapMarker[] = await Promise.all(
    [...ICONS]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(async ([businessName, iconName, size, x, y], index) => ({
        number: index + 1,
        businessName,
        iconName,
        size,
        artwork: await logo(businessName, colours.get(businessName) ?? '#333'),
        shortUrl: `${ORIGIN}/go/${code(10 + index)}`,
        x,
        y,
        placed: true,
      })),
  )
  return {
    month: '2027-03',
    title: 'March 2027',
    productName: 'Townflyer',
    inHomesDate: '2027-03-01',
    specs: DEFAULT_PRINT_SPECS,
    days,
    icons: [],
    draft: { missing: 0, notApproved: 0 },
    map: { image: await townMap(), legend: true, markers },
    houseAd: { text: 'Your business here — town.example', image: null },
  }
}

const pdf = await renderProofPdf(await exampleInput())
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proof-example-'))
const file = path.join(dir, 'proof.pdf')
fs.writeFileSync(file, pdf)
if (process.env.PROOF_EXAMPLE_PDF) fs.copyFileSync(file, process.env.PROOF_EXAMPLE_PDF)
for (const page of [1, 2]) {
  const out = path.join('docs', 'images', `proof-page-${page}`)
  const result = spawnSync('pdftoppm', [
    '-f',
    String(page),
    '-l',
    String(page),
    '-r',
    '60',
    '-png',
    '-singlefile',
    file,
    out,
  ])
  if (result.error || result.status !== 0)
    throw new Error(
      `pdftoppm failed (install Debian's poppler-utils): ${result.error?.message ?? result.stderr}`,
    )
  console.log(`${out}.png (${(fs.statSync(`${out}.png`).size / 1024).toFixed(0)} KB)`)
}
fs.rmSync(dir, { recursive: true, force: true })
