import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { adApprovals, mailings } from '#server/db/schema.ts'
import { type AdApprovalDecision, type AdApprovalDto, WAITING_APPROVAL } from '#shared/ad-approval.ts'

/**
 * Where the advertiser's approval of a line stands. A decision is about the ad as it was shown: it stands
 * only while the line prints the same artwork file (approved, else received; a file the owner sent back is
 * not printed). New artwork, or the owner sending the file back, makes the line wait for a decision again.
 */

/** The artwork a line's card prints, by storage key; null: none (the card prints the name only). */
export function printedArtworkKey(artwork: { fileKey: string; state: string } | null): string | null {
  if (!artwork || artwork.state === 'changes_requested') return null
  return artwork.fileKey
}

type Decision = {
  orderId: string
  decision: AdApprovalDecision
  note: string | null
  artworkKey: string | null
  decidedAt: Date
}

/** The latest decision of each line (every decision is kept; the latest counts). */
async function latestDecisions(db: Db, orderIds: string[]): Promise<Map<string, Decision>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([adApprovals.orderId], {
      orderId: adApprovals.orderId,
      decision: sql<AdApprovalDecision>`${adApprovals.decision}`,
      note: adApprovals.note,
      artworkKey: adApprovals.artworkKey,
      decidedAt: adApprovals.decidedAt,
    })
    .from(adApprovals)
    .where(inArray(adApprovals.orderId, orderIds))
    .orderBy(adApprovals.orderId, sql`${adApprovals.id} desc`)
  return new Map(rows.map((r) => [r.orderId, r]))
}

export function approvalOf(decision: Decision | undefined, printedKey: string | null): AdApprovalDto {
  if (!decision || decision.artworkKey !== printedKey) return WAITING_APPROVAL
  return { state: decision.decision, note: decision.note, decidedAt: decision.decidedAt.toISOString() }
}

/** Each line's approval as it stands now. */
export async function adApprovalsOf(
  db: Db,
  lines: { orderId: string; artwork: { fileKey: string; state: string } | null }[],
): Promise<Map<string, AdApprovalDto>> {
  const decisions = await latestDecisions(
    db,
    lines.map((l) => l.orderId),
  )
  return new Map(
    lines.map((l) => [l.orderId, approvalOf(decisions.get(l.orderId), printedArtworkKey(l.artwork))]),
  )
}

/** Records the first time a mailing's proof was built: from then its advertisers check their ads. */
export async function markProofBuilt(db: Db, month: string, now: Date): Promise<void> {
  await db
    .update(mailings)
    .set({ proofBuiltAt: now })
    .where(and(eq(mailings.month, month), isNull(mailings.proofBuiltAt)))
}
