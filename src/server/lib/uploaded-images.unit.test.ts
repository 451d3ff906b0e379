import { describe, expect, it } from 'vitest'
import { detectImage, uploadFileName } from './uploaded-images.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

describe('detectImage', () => {
  it('detects a PNG by its bytes', async () => {
    expect(await detectImage(PNG)).toEqual({ mime: 'image/png', ext: 'png' })
  })

  it('refuses a PNG carrying markup or trailing bytes, and non-images', async () => {
    expect(await detectImage(Buffer.concat([PNG, Buffer.from('x')]))).toBeUndefined()
    expect(await detectImage(Buffer.from('GIF89a<script>alert(1)</script>'))).toBeUndefined()
    expect(await detectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(await detectImage(PNG.subarray(0, 20))).toBeUndefined()
  })
})

describe('uploadFileName', () => {
  const png = { mime: 'image/png', ext: 'png' }
  it('keeps safe characters, spaces as hyphens, and an extension matching the content', () => {
    expect(uploadFileName('Town Map.png', png)).toBe('Town-Map.png')
    expect(uploadFileName('Town Map.PNG', png)).toBe('Town-Map.png')
    expect(uploadFileName('café & co.png', png)).toBe('caf----co.png')
    expect(uploadFileName('evil.html', png)).toBe('evil.png')
    expect(uploadFileName('noext', png)).toBe('noext.png')
    expect(uploadFileName('../../.hidden', png)).toBe('hidden.png')
    expect(uploadFileName('photo.jpeg', { mime: 'image/jpeg', ext: 'jpg' })).toBe('photo.jpeg')
    expect(uploadFileName('   ', png)).toBe('image.png')
  })
})
