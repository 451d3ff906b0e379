/** The public address of a stored media item: /media/<path> with each segment URI-encoded. */
export function mediaUrl(id: string): string {
  return `/media/${id.split('/').map(encodeURIComponent).join('/')}`
}
