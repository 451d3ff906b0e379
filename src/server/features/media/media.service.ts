import { desc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { mediaItems } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { type Storage, StorageConflictError, type StoredObject } from '#server/lib/storage/storage.ts'
import { storageFileName } from '#server/lib/uploaded-images.ts'
import type { MediaItemDto, MediaType } from '#shared/dto.ts'
import { mediaUrl } from '#shared/media-url.ts'

export const MEDIA_NOT_FOUND = 'Media file not found.'

export { mediaUrl }

/** {type}/{timestamp}-{filename with spaces as hyphens}. */
export function mediaPath(type: MediaType, originalName: string, now: number): string {
  return `${type}/${now}-${storageFileName(originalName)}`
}

type MediaRow = typeof mediaItems.$inferSelect

function toMediaItemDto(row: MediaRow): MediaItemDto {
  return {
    id: row.id,
    type: row.type as MediaType,
    title: row.title,
    url: mediaUrl(row.id),
    uploadedAt: row.uploadedAt.toISOString(),
  }
}

/** Newest first; at most `limit` items when given. */
export async function listMedia(db: Db, type: MediaType, limit?: number): Promise<MediaItemDto[]> {
  const query = db
    .select()
    .from(mediaItems)
    .where(eq(mediaItems.type, type))
    .orderBy(desc(mediaItems.uploadedAt), desc(mediaItems.id))
  const rows = limit === undefined ? await query : await query.limit(limit)
  return rows.map(toMediaItemDto)
}

/**
 * Stores the bytes (never overwriting) and records the item. Used by tests now and by the admin
 * upload route later, which checks the image type and the 5 MB limit before calling it.
 */
export async function saveMediaItem(
  db: Db,
  storage: Storage,
  input: { type: MediaType; originalName: string; bytes: Uint8Array; contentType: string },
  now: Date = new Date(),
): Promise<MediaItemDto> {
  const id = mediaPath(input.type, input.originalName, now.getTime())
  try {
    await storage.put(id, input.bytes, input.contentType)
  } catch (error) {
    if (error instanceof StorageConflictError)
      throw new AppError('conflict', 'A file with this name was just uploaded. Please try again.')
    throw error
  }
  try {
    const [row] = await db
      .insert(mediaItems)
      .values({
        id,
        type: input.type,
        title: storageFileName(input.originalName),
        contentType: input.contentType,
        sizeBytes: input.bytes.byteLength,
        uploadedAt: now,
      })
      .returning()
    if (!row) throw new Error('media item insert returned no row')
    return toMediaItemDto(row)
  } catch (error) {
    await storage.delete(id).catch(() => {})
    throw error
  }
}

/**
 * A stored file by its storage path, with the content type its upload declared. Only paths with a
 * media_items row are served, so nothing else under the storage root can be reached.
 */
export async function getMediaFile(db: Db, storage: Storage, id: string): Promise<StoredObject | undefined> {
  const [row] = await db
    .select({ contentType: mediaItems.contentType })
    .from(mediaItems)
    .where(eq(mediaItems.id, id))
  if (!row) return undefined
  const stored = await storage.get(id)
  return stored && { ...stored, contentType: row.contentType }
}

/** Removes the stored file, then its record (a failed file removal keeps the record, so it can be retried). */
export async function deleteMediaItem(db: Db, storage: Storage, id: string): Promise<void> {
  const [row] = await db.select({ id: mediaItems.id }).from(mediaItems).where(eq(mediaItems.id, id))
  if (!row) throw new AppError('not_found', MEDIA_NOT_FOUND)
  await storage.delete(id)
  await db.delete(mediaItems).where(eq(mediaItems.id, id))
}
