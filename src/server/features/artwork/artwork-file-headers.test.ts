import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECURITY_HEADERS } from '#server/http/security.ts'
import {
  buyAndPayDays,
  openMonthWithDays,
  pdfBytes,
  pngBytes,
  uploadArtworkFile,
} from '#server/test/artwork-test-helpers.ts'
import { ADMIN, createTestApp, type TestApp } from '#server/test/test-app.ts'

/**
 * An uploaded file served back is sandboxed by its own Content-Security-Policy (the site's page policy
 * must not replace it) and carries its real type: a PDF stored in the data folder is application/pdf.
 */
const FILE_CSP = "sandbox; default-src 'none'"

let t: TestApp
let admin: string
let token: string
let pdfLine: string
let pngLine: string

beforeAll(async () => {
  t = await createTestApp()
  await t.createAdmin()
  admin = await t.signIn(ADMIN)
  const { days } = await openMonthWithDays(t, admin, 23)
  const bought = await buyAndPayDays(
    t,
    days.slice(0, 2).map((d) => d.id),
    'Header Printers',
  )
  token = bought.token
  ;[pdfLine, pngLine] = bought.orderIds as [string, string]
  expect((await uploadArtworkFile(t, token, [pdfLine], await pdfBytes(2, 2), 'logo.pdf')).status).toBe(200)
  expect((await uploadArtworkFile(t, token, [pngLine], await pngBytes(400, 400))).status).toBe(200)
})
afterAll(() => t.close())

describe('an artwork file served back', () => {
  it('keeps its sandbox policy and is sent as application/pdf, to the buyer and to the administrator', async () => {
    for (const [url, cookie] of [
      [`/api/artwork/${token}/files/${pdfLine}`, undefined],
      [`/api/admin/artwork/${pdfLine}/file`, admin],
    ] as const) {
      const response = await t.request(url, { cookie })
      expect(response.status, url).toBe(200)
      expect(response.headers.get('content-type'), url).toBe('application/pdf')
      expect(response.headers.get('content-security-policy'), url).toBe(FILE_CSP)
      expect(response.headers.get('content-disposition'), url).toMatch(/^attachment; filename="logo\.pdf"$/)
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(response.headers.get('x-frame-options'), url).toBe('DENY')
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-')
    }
  })

  it('an image and every preview keep the sandbox policy too', async () => {
    for (const url of [
      `/api/artwork/${token}/files/${pngLine}`,
      `/api/artwork/${token}/thumbnails/${pngLine}`,
      `/api/artwork/${token}/thumbnails/${pdfLine}`,
    ]) {
      const response = await t.request(url)
      if (response.status === 404) continue // a PDF may have no preview
      expect(response.status, url).toBe(200)
      expect(response.headers.get('content-type'), url).toBe('image/png')
      expect(response.headers.get('content-security-policy'), url).toBe(FILE_CSP)
      await response.arrayBuffer()
    }
  })

  it('while every other answer still gets the site’s policy', async () => {
    const page = await t.request(`/api/artwork/${token}`)
    expect(page.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['content-security-policy'])
    const missing = await t.request(`/api/artwork/${token}/files/not-a-line`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['content-security-policy'])
  })
})
