import type { ArtworkPageResponse } from '#shared/artwork.ts'
import type { MailingGroup } from '../artwork-display'
import { ArtworkLineCard } from './artwork-line-card'

type Props = {
  group: MailingGroup
  token: string
  contactEmail: string
  onUploaded: (page: ArtworkPageResponse, orderIds: string[]) => void
}

/** One mailing: its deadline (or that it has passed) and its lines. */
export function ArtworkMailingSection({ group, token, contactEmail, onUploaded }: Props) {
  const headingId = `artwork-mailing-${group.month}`
  const { mailing } = group
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="text-2xl text-slate-900 md:text-3xl">
          {group.label} mailing
        </h2>
        {mailing?.isOpenForArtwork ? (
          <p className="text-slate-700">Artwork due {mailing.artworkDueText}.</p>
        ) : mailing ? (
          <p className="rounded-md border border-slate-300 bg-slate-50 p-3 text-slate-800">
            The artwork deadline for this mailing has passed. To change your artwork, please contact us
            {contactEmail ? (
              <>
                {' at '}
                <a href={`mailto:${contactEmail}`} className="text-blue-800 underline underline-offset-2">
                  {contactEmail}
                </a>
              </>
            ) : null}
            .
          </p>
        ) : null}
      </div>
      <ul className="grid gap-4 lg:grid-cols-2">
        {group.lines.map((line) => (
          <ArtworkLineCard key={line.orderId} line={line} token={token} onUploaded={onUploaded} />
        ))}
      </ul>
    </section>
  )
}
