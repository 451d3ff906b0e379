import { describe, expect, it } from 'vitest'
import { storageFileName } from '#server/lib/uploaded-images.ts'
import { mediaPath, mediaUrl } from './media.service.ts'

describe('media paths', () => {
  it('names a file {type}/{timestamp}-{name with spaces as hyphens}', () => {
    expect(mediaPath('map_example', 'Town Map.png', 1700000000000)).toBe(
      'map_example/1700000000000-Town-Map.png',
    )
  })

  it('keeps one safe segment of the original name', () => {
    expect(storageFileName('../../etc/passwd')).toBe('passwd')
    expect(storageFileName('C:\\Users\\me\\logo.png')).toBe('logo.png')
    expect(storageFileName('..hidden.png')).toBe('hidden.png')
    expect(storageFileName('a\u0000b.png')).toBe('ab.png')
    expect(storageFileName('   ')).toBe('image')
    expect(storageFileName('..')).toBe('image')
  })

  it('URI-encodes each segment of the url', () => {
    expect(mediaUrl('map_example/1-a #b?.png')).toBe('/media/map_example/1-a%20%23b%3F.png')
  })
})
