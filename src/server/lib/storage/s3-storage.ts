import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import {
  InvalidStoragePathError,
  type Storage,
  StorageConflictError,
  storagePathSegments,
} from './storage.ts'

export type S3StorageConfig = {
  bucket: string
  /** An S3-compatible endpoint (MinIO, R2, s3rver…); AWS when absent. */
  endpoint: string | undefined
  region: string
  /** Both or neither; without them the SDK's default credential chain is used. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
  forcePathStyle: boolean
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined
}

/**
 * Media in an S3-compatible bucket (S3_BUCKET and friends). Keys are the storage paths themselves.
 *
 * Never overwrites: a HEAD first refuses an existing key, and the PUT carries `If-None-Match: *` so stores
 * that honour conditional writes (AWS S3, R2, MinIO) also close the race between the HEAD and the PUT.
 * On a store that ignores the header (s3rver, some older gateways) two uploads to the same key in the
 * same millisecond could still overwrite each other; keys carry a millisecond timestamp, so that is
 * accepted.
 */
export function createS3Storage(config: S3StorageConfig, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where the API requires them: several S3-compatible stores reject the newer
      // default (CRC32 trailers on every upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  const Bucket = config.bucket

  async function exists(Key: string): Promise<boolean> {
    try {
      await s3.send(new HeadObjectCommand({ Bucket, Key }))
      return true
    } catch (error) {
      if (statusOf(error) === 404) return false
      throw error
    }
  }

  return {
    async put(key, bytes, contentType) {
      if (!storagePathSegments(key)) throw new InvalidStoragePathError(key)
      if (await exists(key)) throw new StorageConflictError(key)
      try {
        await s3.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
            CacheControl: 'public, max-age=3600',
            IfNoneMatch: '*',
          }),
        )
      } catch (error) {
        // 412 Precondition Failed: the key appeared after the HEAD (409 on a concurrent conditional write).
        if (statusOf(error) === 412 || statusOf(error) === 409) throw new StorageConflictError(key)
        throw error
      }
    },

    async get(key) {
      if (!storagePathSegments(key)) return undefined
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body) return undefined
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        }
      } catch (error) {
        if (statusOf(error) === 404) return undefined
        throw error
      }
    },

    async delete(key) {
      if (!storagePathSegments(key)) throw new InvalidStoragePathError(key)
      // S3 answers 204 for a missing key too: removing a missing object is not an error.
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },

    async *list() {
      // ListObjects (version 1), each page after the last key of the one before: every S3-compatible
      // store answers it. (s3rver answers a truncated version 2 listing with an error: its continuation
      // token needs a cipher current OpenSSL no longer has.)
      let Marker: string | undefined
      for (;;) {
        const page = await s3.send(new ListObjectsCommand({ Bucket, Marker }))
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []))
        yield* keys
        if (!page.IsTruncated || keys.length === 0) return
        Marker = keys[keys.length - 1]
      }
    },
  }
}
