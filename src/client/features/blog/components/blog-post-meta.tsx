import { Calendar, User } from 'lucide-react'
import { formatPublicationDate } from '../blog-text'

export function BlogPostMeta({
  author,
  publicationDate,
}: {
  author: string
  publicationDate: string | null
}) {
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      <span className="inline-flex items-center gap-1">
        <User className="size-4" aria-hidden="true" />
        <span className="sr-only">Author: </span>
        <span>{author}</span>
      </span>
      {publicationDate ? (
        <span className="inline-flex items-center gap-1">
          <Calendar className="size-4" aria-hidden="true" />
          <span className="sr-only">Published: </span>
          <time dateTime={publicationDate.slice(0, 10)}>{formatPublicationDate(publicationDate)}</time>
        </span>
      ) : null}
    </div>
  )
}
