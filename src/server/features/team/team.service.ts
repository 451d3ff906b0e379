import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { account, session, user, userRoles } from '#server/db/schema.ts'
import { AppError } from '#server/lib/errors.ts'
import { enqueueEmail } from '#server/lib/mailer/outbox.ts'
import {
  createSetPasswordToken,
  revokeSetPasswordTokens,
  setPasswordLink,
} from '#server/lib/password-links.ts'
import { ADMIN_ROLE } from '#shared/auth.ts'
import { type Administrator, INVITATION_LIFETIME_DAYS, LAST_ADMINISTRATOR_MESSAGE } from '#shared/team.ts'

const INVITATION_LIFETIME_SECONDS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60
export const NOT_AN_ADMINISTRATOR = 'No administrator with that id.'

type Actor = { id: string; email: string; name: string }

type TeamContext = { db: Db; origin: string }

async function administratorRows(db: Db, userIds?: string[]) {
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, addedAt: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(and(eq(userRoles.role, ADMIN_ROLE), userIds ? inArray(userRoles.userId, userIds) : undefined))
    .orderBy(asc(userRoles.createdAt), asc(user.email))
  if (rows.length === 0) return []
  const withPassword = await db
    .select({ userId: account.userId })
    .from(account)
    .where(
      and(
        eq(account.providerId, 'credential'),
        isNotNull(account.password),
        inArray(
          account.userId,
          rows.map((r) => r.id),
        ),
      ),
    )
  const hasPassword = new Set(withPassword.map((r) => r.userId))
  return rows.map((r) => ({ ...r, hasPassword: hasPassword.has(r.id) }))
}

function toAdministrator(
  row: Awaited<ReturnType<typeof administratorRows>>[number],
  youId: string,
): Administrator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    addedAt: row.addedAt.toISOString(),
    isYou: row.id === youId,
    hasPassword: row.hasPassword,
  }
}

export async function listAdministrators(db: Db, youId: string): Promise<Administrator[]> {
  return (await administratorRows(db)).map((row) => toAdministrator(row, youId))
}

async function enqueueInvitation(
  tx: Db,
  origin: string,
  invitee: { id: string; email: string },
  actor: Actor,
): Promise<void> {
  const token = await createSetPasswordToken(tx, invitee.id, INVITATION_LIFETIME_SECONDS)
  await enqueueEmail(tx, {
    dedupeKey: `admin-invitation:${token}`,
    kind: 'admin_invitation',
    to: invitee.email,
    subject: 'You have been made an administrator',
    text: [
      `${actor.email} made you an administrator of ${origin}.`,
      '',
      `Choose your password here (the link works for ${INVITATION_LIFETIME_DAYS} days and only once):`,
      setPasswordLink(origin, token, { invite: true }),
      '',
      `Then sign in at ${origin}/auth with this e-mail address.`,
    ].join('\n'),
  })
}

/**
 * Makes someone an administrator. There is no public sign-up, so a new person's account is made here,
 * without a password (nobody can sign in to it) and with an e-mailed invitation: a set-password link
 * spent by better-auth's reset-password. An existing account without the role is granted it and told
 * so (invited too when it has no password). The role, the account, the link and the e-mail commit
 * together.
 */
export async function addAdministrator(
  { db, origin }: TeamContext,
  input: { email: string; name?: string },
  actor: Actor,
): Promise<{ administrator: Administrator; invited: boolean }> {
  const email = input.email.trim().toLowerCase()
  const result = await db.transaction(async (tx) => {
    await tx
      .insert(user)
      .values({ id: randomUUID(), name: input.name ?? 'Administrator', email, emailVerified: true })
      .onConflictDoNothing({ target: user.email })
    const [person] = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(user.email, email))
      .for('update')
    if (!person) throw new Error('user missing after insert')
    const granted = await tx
      .insert(userRoles)
      .values({ userId: person.id, role: ADMIN_ROLE })
      .onConflictDoNothing()
      .returning({ id: userRoles.id })
    if (granted.length === 0) throw new AppError('conflict', `${email} is already an administrator.`)
    const [credential] = await tx
      .select({ id: account.id })
      .from(account)
      .where(
        and(eq(account.userId, person.id), eq(account.providerId, 'credential'), isNotNull(account.password)),
      )
      .limit(1)
    if (credential) {
      await enqueueEmail(tx, {
        dedupeKey: `admin-granted:${person.id}:${granted[0]?.id}`,
        kind: 'admin_granted',
        to: person.email,
        subject: 'You have been made an administrator',
        text: [
          `${actor.email} made you an administrator of ${origin}.`,
          '',
          `Sign in at ${origin}/auth with this e-mail address and your password.`,
        ].join('\n'),
      })
    } else {
      await enqueueInvitation(tx, origin, person, actor)
    }
    return { userId: person.id, invited: !credential }
  })
  const [row] = await administratorRows(db, [result.userId])
  if (!row) throw new AppError('conflict', 'The administrator was removed meanwhile.')
  return { administrator: toAdministrator(row, actor.id), invited: result.invited }
}

/** A new invitation link for an administrator who has not set a password yet; the old link stops working. */
export async function resendInvitation(
  { db, origin }: TeamContext,
  userId: string,
  actor: Actor,
): Promise<Administrator> {
  await db.transaction(async (tx) => {
    const [row] = await administratorRows(tx, [userId])
    if (!row) throw new AppError('not_found', NOT_AN_ADMINISTRATOR)
    if (row.hasPassword)
      throw new AppError('conflict', `${row.email} has already set a password; they can sign in.`)
    await enqueueInvitation(tx, origin, row, actor)
  })
  const [row] = await administratorRows(db, [userId])
  if (!row) throw new AppError('not_found', NOT_AN_ADMINISTRATOR)
  return toAdministrator(row, actor.id)
}

/**
 * Takes the admin role away and signs them out everywhere; their unused set-password links stop
 * working. Never the last administrator: every admin role row is locked first (FOR UPDATE), so two
 * removals at once run one after the other and the second sees that only one is left.
 */
export async function removeAdministrator(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: userRoles.id, userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, ADMIN_ROLE))
      .orderBy(asc(userRoles.id))
      .for('update')
    const target = admins.find((a) => a.userId === userId)
    if (!target) throw new AppError('not_found', NOT_AN_ADMINISTRATOR)
    if (admins.length <= 1) throw new AppError('conflict', LAST_ADMINISTRATOR_MESSAGE)
    await tx.delete(userRoles).where(eq(userRoles.id, target.id))
    await tx.delete(session).where(eq(session.userId, userId))
    await revokeSetPasswordTokens(tx, userId)
  })
}
