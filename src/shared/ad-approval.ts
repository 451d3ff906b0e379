/**
 * The advertiser's approval of their ad as printed: once a mailing's proof exists, each of its advertisers
 * sees every line of theirs as the card prints it (a preview image) and approves it or asks for a change,
 * until the mailing's artwork deadline. No zod here: the /account page imports it (its JavaScript budget).
 */

export const AD_APPROVAL_DECISIONS = ['approved', 'changes_requested'] as const
export type AdApprovalDecision = (typeof AD_APPROVAL_DECISIONS)[number]

/** Where a line stands: a decision stands only for the artwork it was made on (new artwork: 'waiting'). */
export type AdApprovalState = 'waiting' | AdApprovalDecision

export type AdApprovalDto = {
  state: AdApprovalState
  /** The advertiser's note when they asked for a change. */
  note: string | null
  /** When the standing decision was made (ISO); null while waiting. */
  decidedAt: string | null
}

export const WAITING_APPROVAL: AdApprovalDto = { state: 'waiting', note: null, decidedAt: null }

export const AD_APPROVAL_NOTE_MAX = 1000

export type AdApprovalLineDto = {
  id: string
  kind: 'day' | 'icon'
  /** "Calendar day: Tuesday, January 5, 2027" or "Map icon: Coffee". */
  label: string
  /** GET: the line's PNG as printed (the signed-in advertiser's own lines only). */
  previewPath: string
  /** The preview's alt text: what the card prints for this line, in words. */
  previewAlt: string
  approval: AdApprovalDto
}

export type AdApprovalMailingDto = {
  month: string
  /** "January 2027". */
  label: string
  /** The mailing's artwork deadline on the town's clock, in words. */
  artworkDueText: string
  /** True until the artwork deadline passes (or the mailing goes to print); after it the lines are read-only. */
  open: boolean
  lines: AdApprovalLineDto[]
}

/** GET /api/account/approvals: the signed-in advertiser's lines in mailings whose proof exists, newest first. */
export type AdApprovalsResponse = { mailings: AdApprovalMailingDto[] }

/** POST /api/account/lines/:id/approval */
export type AdApprovalInput = { decision: 'approved' } | { decision: 'changes_requested'; note: string }

export const AD_APPROVAL_TEXTS = {
  sectionHeading: 'Check your ad before print',
  waiting: 'Waiting for your approval',
  approvedOn: (date: string) => `You approved this on ${date}`,
  changeAsked: (note: string) => `You asked for a change: ${note}`,
  approve: 'Approve',
  requestChange: 'Request a change',
  noteLabel: 'What should we change?',
  send: 'Send',
  cancel: 'Cancel',
  noteRequired: 'Please write what you would like us to change.',
  noteTooLong: `Please keep the note under ${AD_APPROVAL_NOTE_MAX} characters.`,
  approvedDone: 'Thank you: your ad is approved.',
  changeSent: 'Thank you: we received your change request.',
  closed: 'The artwork deadline has passed: this ad is no longer open for changes here.',
  artworkMissing: 'Artwork missing',
} as const

export const AD_APPROVAL_LINE_NOT_FOUND = 'No such line on this account.'

/** The answer to a decision after the mailing's artwork deadline. */
export function adApprovalClosedMessage(mailingLabel: string): string {
  return `The artwork deadline for the ${mailingLabel} postcard has passed. Please contact us to change your ad.`
}

/** The board's words for the advertiser's approval. */
export function advertiserApprovalText(approval: AdApprovalDto): string {
  if (approval.state === 'approved') return 'Approved'
  if (approval.state === 'changes_requested') return `Change requested: ${approval.note ?? ''}`
  return 'Waiting'
}
