import { type FormEvent, useId, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { FieldError, fieldErrorProps } from '#client/components/ui/form-field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Radio } from '#client/components/ui/radio.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { LINK_FORM_TEXTS } from '#shared/short-link-texts.ts'
import {
  LINK_DESTINATION_HINTS,
  LINK_DESTINATION_LABELS,
  LINK_DESTINATIONS,
  LINK_PHONE_INVALID,
  LINK_QUESTION,
  LINK_WEBSITE_INVALID,
  type LineLinkDto,
  type LineLinkInput,
  type LinkDestination,
  linkSavedMessage,
  normalizePhone,
  normalizeWebsite,
} from '#shared/short-links.ts'

type Props = {
  link: LineLinkDto
  /** What the line is ('Tuesday, March 2, 2027'): added to the Save button's name for screen readers. */
  itemLabel: string
  /** PUT …/link; answers the saved link. An ApiError 400 carries the message to show under the field. */
  save: (input: LineLinkInput) => Promise<LineLinkDto>
}

type Targets = { website: string; phone: string }

const targetsOf = (link: Pick<LineLinkDto, 'destination' | 'target'>, previous?: Targets): Targets => ({
  website: link.destination === 'website' ? (link.target ?? '') : (previous?.website ?? ''),
  phone: link.destination === 'phone' ? (link.target ?? '') : (previous?.phone ?? ''),
})

/** The server's message for the target, else its message, for a refused value (400). */
function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.hasServerMessage) return null
  return error.fields?.target?.[0] ?? error.message
}

/**
 * "Where should your QR code send people?": the line's short link, its destination (their page on this
 * site, their website or a phone call) and, for the last two, the address or number. Checked with the
 * shared normalisers before it is sent; the server's refusal shows under the field, which takes the focus.
 * The confirmation is read out from a polite live region. Hand-written state: the artwork page's and the
 * account's JavaScript budgets have no room for a form library.
 */
export function LineLinkForm({ link, itemLabel, save }: Props) {
  const id = useId()
  const [destination, setDestination] = useState<LinkDestination>(link.destination)
  const [targets, setTargets] = useState<Targets>(() => targetsOf(link))
  const [error, setError] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const [saved, setSaved] = useState('')
  const [isPending, setIsPending] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)

  const needsTarget = destination !== 'page'
  const inputId = `${id}-target`
  const errorId = `${id}-error`
  const hintId = (option: LinkDestination) => `${id}-hint-${option}`

  function changed() {
    setSaved('')
    setFailed(false)
  }

  function refuse(message: string) {
    setError(message)
    inputRef.current?.focus()
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isPending) return
    setSaved('')
    setFailed(false)
    let input: LineLinkInput = { destination: 'page' }
    if (destination !== 'page') {
      const raw = targets[destination]
      const ok = destination === 'website' ? normalizeWebsite(raw) : normalizePhone(raw)
      if (!ok) return refuse(destination === 'website' ? LINK_WEBSITE_INVALID : LINK_PHONE_INVALID)
      input = { destination, target: raw.trim() }
    }
    setError(null)
    setIsPending(true)
    try {
      const answer = await save(input)
      setDestination(answer.destination)
      setTargets((previous) => targetsOf(answer, previous))
      setSaved(linkSavedMessage(answer))
    } catch (caught) {
      const message = refusalMessage(caught)
      if (message && destination !== 'page') refuse(message)
      else {
        console.error(caught)
        setFailed(true)
      }
    } finally {
      setIsPending(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-900">{LINK_QUESTION}</legend>
        <p className="text-sm text-slate-700">
          {LINK_FORM_TEXTS.shortLink}{' '}
          <span className="break-all font-medium text-slate-900">{link.shortUrl}</span>
        </p>
        {LINK_DESTINATIONS.map((option) => (
          <div key={option} className="flex items-start gap-3">
            <Radio
              id={`${id}-${option}`}
              name={`${id}-destination`}
              value={option}
              checked={destination === option}
              aria-describedby={hintId(option)}
              onChange={() => {
                setDestination(option)
                setError(null)
                changed()
              }}
            />
            <div className="space-y-0.5">
              <Label htmlFor={`${id}-${option}`} className="text-base">
                {LINK_DESTINATION_LABELS[option]}
              </Label>
              <p id={hintId(option)} className="text-sm text-slate-700">
                {LINK_DESTINATION_HINTS[option]}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      {needsTarget ? (
        <div className="space-y-2">
          <Label htmlFor={inputId}>
            {destination === 'website' ? LINK_FORM_TEXTS.websiteLabel : LINK_FORM_TEXTS.phoneLabel}
          </Label>
          <Input
            ref={inputRef}
            id={inputId}
            // Text, not type=url: 'example.com' is a fine answer, which the browser's own check refuses.
            type={destination === 'phone' ? 'tel' : 'text'}
            inputMode={destination === 'phone' ? 'tel' : 'url'}
            autoComplete={destination === 'phone' ? 'tel' : 'url'}
            spellCheck={false}
            maxLength={500}
            value={targets[destination]}
            onChange={(event) => {
              const value = event.target.value
              setTargets((previous) => ({ ...previous, [destination]: value }))
              changed()
            }}
            {...fieldErrorProps(error ?? undefined, errorId, hintId(destination))}
          />
          <FieldError id={errorId} error={error ?? undefined} />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" aria-disabled={isPending || undefined}>
          {isPending ? LINK_FORM_TEXTS.saving : LINK_FORM_TEXTS.save}
          <span className="sr-only"> where the QR code for {itemLabel} sends people</span>
        </Button>
        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {LINK_FORM_TEXTS.saveFailed}
          </p>
        ) : null}
      </div>
      <p role="status" className="text-sm font-medium text-green-800">
        {saved}
      </p>
    </form>
  )
}
