import { useEffect, useRef, useState } from 'react'
import { cn } from '#client/lib/cn.ts'
import { ACCOUNT_TEXTS } from '#shared/account-texts.ts'
import { SignInLinkForm } from './sign-in-link-form'
import type { SignInLinkResult } from './sign-in-link-result'

type Notice = { kind: SignInLinkResult | 'signed-out'; id: number }

const NOTICE_TEXTS: Record<Notice['kind'], string> = {
  sent: ACCOUNT_TEXTS.linkSent,
  'signed-out': ACCOUNT_TEXTS.signedOut,
  'too-many': ACCOUNT_TEXTS.tooManyRequests,
  failed: ACCOUNT_TEXTS.requestFailed,
}

const isProblem = (notice: Notice | null) => notice?.kind === 'too-many' || notice?.kind === 'failed'

/**
 * Signed out: what the account is, the form that e-mails a sign-in link and what came of it. Each answer
 * takes the focus, so a screen reader reads it and the keyboard starts from it; the same answer for every
 * address (linkSent), whether or not it has ordered.
 */
export function AccountSignIn({
  hasLinkError,
  isSignedOutNow,
}: {
  /** The page was opened with ?error=…: better-auth's answer to a link that was spent or too old. */
  hasLinkError: boolean
  /** The visitor has just signed out here. */
  isSignedOutNow: boolean
}) {
  const [notice, setNotice] = useState<Notice | null>(null)
  const status = useRef<HTMLParagraphElement>(null)
  const alert = useRef<HTMLParagraphElement>(null)

  // The session may read as ended before the sign-out's own answer arrives, so this form can already be
  // showing when the page learns it was signed out here.
  useEffect(() => {
    if (isSignedOutNow) setNotice((previous) => ({ kind: 'signed-out', id: (previous?.id ?? 0) + 1 }))
  }, [isSignedOutNow])

  // A new answer, even the same text again, is focused: the visitor pressed the button once more.
  useEffect(() => {
    if (!notice) return
    ;(isProblem(notice) ? alert : status).current?.focus()
  }, [notice])

  function handleResult(result: SignInLinkResult) {
    setNotice((previous) => ({ kind: result, id: (previous?.id ?? 0) + 1 }))
  }

  const text = notice ? NOTICE_TEXTS[notice.kind] : null
  // Once a new link is on its way, the old link's failure is no longer the news.
  const showLinkError = hasLinkError && notice?.kind !== 'sent'

  return (
    <div className="max-w-xl space-y-6">
      <p className="text-lg text-slate-800">{ACCOUNT_TEXTS.intro}</p>
      {showLinkError ? (
        <p className="rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
          {ACCOUNT_TEXTS.linkInvalid}
        </p>
      ) : null}
      <SignInLinkForm onResult={handleResult} />
      {/* Always in the page, so the change of its text is announced as well as focused. */}
      <p
        ref={status}
        role="status"
        tabIndex={-1}
        className={cn(
          text && !isProblem(notice) && 'rounded-md border border-green-300 bg-green-50 p-4 text-green-900',
        )}
      >
        {text && !isProblem(notice) ? text : null}
      </p>
      {text && isProblem(notice) ? (
        <p
          key={notice?.id}
          ref={alert}
          role="alert"
          tabIndex={-1}
          className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800"
        >
          {text}
        </p>
      ) : null}
    </div>
  )
}
