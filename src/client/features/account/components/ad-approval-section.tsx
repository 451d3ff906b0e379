import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import {
  AD_APPROVAL_NOTE_MAX,
  AD_APPROVAL_TEXTS,
  type AdApprovalDto,
  type AdApprovalInput,
  type AdApprovalLineDto,
  type AdApprovalMailingDto,
} from '#shared/ad-approval.ts'
import { adApprovalsQueryOptions, useDecideAdApproval } from '../api/ad-approvals'

const T = AD_APPROVAL_TEXTS

/** "December 6, 2026" of an ISO time. */
function dayText(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })
}

export function approvalStatusText(approval: AdApprovalDto): string {
  if (approval.state === 'approved' && approval.decidedAt) return T.approvedOn(dayText(approval.decidedAt))
  if (approval.state === 'changes_requested') return T.changeAsked(approval.note ?? '')
  return T.waiting
}

/** The note's own check, the server's rule: required, at most AD_APPROVAL_NOTE_MAX characters. */
function noteError(note: string): string | null {
  const trimmed = note.trim()
  if (trimmed.length === 0) return T.noteRequired
  if (trimmed.length > AD_APPROVAL_NOTE_MAX) return T.noteTooLong
  return null
}

/** The server's refusal as words: its message (the deadline passed, the note refused), else a retry. */
function refusalOf(error: unknown): string {
  if (error instanceof ApiError && error.hasServerMessage) return error.fields?.note?.[0] ?? error.message
  return 'That did not go through. Please try again.'
}

/**
 * One line as printed: its preview, where it stands, and (while the mailing is open) "Approve" and "Request
 * a change", whose form asks for a note. After a decision the confirmation is read out from a polite live
 * region and the focus moves to the line's status; a refused note shows under the field, which takes the
 * focus.
 */
function ApprovalLine({ line, open }: { line: AdApprovalLineDto; open: boolean }) {
  const id = useId()
  const decide = useDecideAdApproval(line.id)
  const [asking, setAsking] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [done, setDone] = useState('')
  const [isPending, setIsPending] = useState(false)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const noteRef = useRef<HTMLTextAreaElement>(null)
  const requestRef = useRef<HTMLButtonElement>(null)
  const noteId = `${id}-note`
  const errorId = `${id}-note-error`
  const headingId = `${id}-heading`

  async function send(input: AdApprovalInput) {
    if (isPending) return
    setIsPending(true)
    setFailed(null)
    setDone('')
    try {
      await decide(input)
      setAsking(false)
      setNote('')
      setError(null)
      setDone(input.decision === 'approved' ? T.approvedDone : T.changeSent)
      statusRef.current?.focus()
    } catch (caught) {
      const message = refusalOf(caught)
      if (input.decision === 'changes_requested' && caught instanceof ApiError && caught.fields?.note) {
        setError(message)
        noteRef.current?.focus()
      } else setFailed(message)
    } finally {
      setIsPending(false)
    }
  }

  function submitNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = noteError(note)
    if (problem) {
      setError(problem)
      noteRef.current?.focus()
      return
    }
    void send({ decision: 'changes_requested', note: note.trim() })
  }

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row"
    >
      <img
        src={line.previewPath}
        alt={line.previewAlt}
        className="h-auto w-40 shrink-0 self-start border border-slate-200 bg-white"
      />
      <div className="min-w-0 flex-1 space-y-3">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {line.label}
        </h3>
        <p ref={statusRef} tabIndex={-1} className="break-words text-slate-800 focus-visible:outline-2">
          {approvalStatusText(line.approval)}
        </p>
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {failed}
          </p>
        ) : null}
        {!open ? (
          <p className="text-sm text-slate-700">{T.closed}</p>
        ) : asking ? (
          <form noValidate onSubmit={submitNote} className="space-y-3">
            <div className="space-y-2">
              <Label htmlFor={noteId}>{T.noteLabel}</Label>
              <Textarea
                ref={noteRef}
                id={noteId}
                value={note}
                required
                maxLength={AD_APPROVAL_NOTE_MAX}
                onChange={(event) => {
                  setNote(event.target.value)
                  setError(null)
                }}
                {...fieldErrorProps(error ?? undefined, errorId)}
              />
              <FieldError id={errorId} error={error ?? undefined} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" aria-disabled={isPending || undefined}>
                {T.send}
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setAsking(false)
                  setError(null)
                  requestRef.current?.focus()
                }}
              >
                {T.cancel}
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            {line.approval.state !== 'approved' ? (
              <Button
                aria-disabled={isPending || undefined}
                aria-describedby={headingId}
                onClick={() => void send({ decision: 'approved' })}
              >
                {T.approve}
              </Button>
            ) : null}
            <Button
              ref={requestRef}
              variant="outline"
              aria-describedby={headingId}
              onClick={() => {
                setAsking(true)
                setDone('')
                // The form renders on this click; its field takes the focus once it is there.
                requestAnimationFrame(() => noteRef.current?.focus())
              }}
            >
              {T.requestChange}
            </Button>
          </div>
        )}
      </div>
    </li>
  )
}

function MailingApprovals({ mailing }: { mailing: AdApprovalMailingDto }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-blue-200 bg-blue-50 p-4"
    >
      <h2 id={headingId} className="text-2xl text-slate-900">
        {T.sectionHeading}
      </h2>
      <p className="text-slate-800">
        {mailing.open
          ? `Your ad in the ${mailing.label} postcard, as it will be printed. Please approve it or ask for a change by ${mailing.artworkDueText}.`
          : `Your ad in the ${mailing.label} postcard, as it was printed.`}
      </p>
      <ul className="space-y-4">
        {mailing.lines.map((line) => (
          <ApprovalLine key={line.id} line={line} open={mailing.open} />
        ))}
      </ul>
    </section>
  )
}

/** "Check your ad before print": one section per mailing whose proof exists; nothing before that. */
export function AdApprovalSection() {
  const approvals = useQuery(adApprovalsQueryOptions)
  const mailings = approvals.data?.mailings ?? []
  if (mailings.length === 0) return null
  return (
    <div className="space-y-6">
      {mailings.map((mailing) => (
        <MailingApprovals key={mailing.month} mailing={mailing} />
      ))}
    </div>
  )
}
