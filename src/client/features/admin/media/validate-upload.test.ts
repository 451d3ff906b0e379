import { describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES, validateUpload } from './validate-upload'

describe('media upload checks', () => {
  it('accepts images up to 5 MB', () => {
    expect(validateUpload({ type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull()
  })
  it('refuses other types and larger files with their messages', () => {
    expect(validateUpload({ type: 'text/html', size: 10 })).toBe(
      'Please upload an image file (JPEG, PNG, etc.).',
    )
    expect(validateUpload({ type: '', size: 10 })).toBe('Please upload an image file (JPEG, PNG, etc.).')
    expect(validateUpload({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'Please upload an image smaller than 5MB.',
    )
  })
})
