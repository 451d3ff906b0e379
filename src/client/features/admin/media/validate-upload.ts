/** Images only, at most 5 MB; the server checks the content again. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024

export const NOT_AN_IMAGE_MESSAGE = 'Please upload an image file (JPEG, PNG, etc.).'
export const TOO_LARGE_MESSAGE = 'Please upload an image smaller than 5MB.'

export function validateUpload(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.includes('image/')) return NOT_AN_IMAGE_MESSAGE
  if (file.size > MAX_UPLOAD_BYTES) return TOO_LARGE_MESSAGE
  return null
}
