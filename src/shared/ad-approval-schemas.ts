import { z } from 'zod'
import { AD_APPROVAL_NOTE_MAX, AD_APPROVAL_TEXTS } from './ad-approval.ts'

/** POST /api/account/lines/:id/approval: an approval, or a change request with its note. */
export const adApprovalInputSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approved') }).strict(),
    z
      .object({
        decision: z.literal('changes_requested'),
        note: z
          .string({ error: AD_APPROVAL_TEXTS.noteRequired })
          .trim()
          .min(1, AD_APPROVAL_TEXTS.noteRequired)
          .max(AD_APPROVAL_NOTE_MAX, AD_APPROVAL_TEXTS.noteTooLong),
      })
      .strict(),
  ],
  { error: "Choose 'approved' or 'changes_requested'." },
)
