import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  heldUntilText,
  KEEP_HINT,
  OFFER_TEXTS,
  offerIntroText,
  releaseQuestionText,
} from '#shared/offer-texts.ts'
import type { PublicOfferDto } from '#shared/offers.ts'
import { type OfferActions, offerErrorText } from '../api/offers'
import { OfferLines } from './offer-lines'

type Step = 'idle' | 'keeping' | 'confirming' | 'releasing'

/**
 * Spots held for a returning advertiser: what is held, until when, and the two answers. "Keep my spots"
 * goes to the hosted checkout for the held lines (the server makes it); "Release my spots" asks first, in
 * place, and hands the released offer to `onReleased`. A refusal (the hold ended meanwhile, already paid) is
 * said with the server's words and focused, and `onRefused` reloads the offer to show where it stands.
 */
export function OfferHold({
  offer,
  actions,
  onReleased,
  onRefused,
}: {
  offer: PublicOfferDto
  actions: OfferActions
  onReleased: (offer: PublicOfferDto) => void
  onRefused: () => void
}) {
  const [step, setStep] = useState<Step>('idle')
  const [error, setError] = useState<{ text: string; id: number } | null>(null)
  const question = useRef<HTMLParagraphElement>(null)
  const releaseButton = useRef<HTMLButtonElement>(null)
  const alert = useRef<HTMLParagraphElement>(null)
  const returnToRelease = useRef(false)
  const ids = useId()
  const hintId = `${ids}-hint`
  const questionId = `${ids}-question`
  const mailingLabel = offer.mailingLabel

  // The question is read out and the keyboard starts from it; cancelling goes back to the button that asked.
  useEffect(() => {
    if (step === 'confirming') question.current?.focus()
    else if (step === 'idle' && returnToRelease.current) {
      returnToRelease.current = false
      releaseButton.current?.focus()
    }
  }, [step])

  // A new refusal, even the same words again, is focused: the advertiser pressed a button once more.
  useEffect(() => {
    if (error) alert.current?.focus()
  }, [error])

  function refuse(failure: unknown, fallback: string) {
    console.error(failure)
    setError((previous) => ({ text: offerErrorText(failure, fallback), id: (previous?.id ?? 0) + 1 }))
    setStep('idle')
    onRefused()
  }

  async function handleKeep() {
    if (step !== 'idle') return
    setStep('keeping')
    setError(null)
    try {
      const { url } = await actions.keep()
      // The step stays 'keeping' while the browser leaves for the checkout.
      window.location.assign(url)
    } catch (failure) {
      refuse(failure, OFFER_TEXTS.keepFailed)
    }
  }

  async function handleRelease() {
    if (step !== 'confirming') return
    setStep('releasing')
    try {
      onReleased(await actions.release())
    } catch (failure) {
      refuse(failure, OFFER_TEXTS.releaseFailed)
    }
  }

  function cancelRelease() {
    returnToRelease.current = true
    setStep('idle')
  }

  function handleConfirmKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    if (event.key === 'Escape' && step === 'confirming') {
      event.stopPropagation()
      cancelRelease()
    }
  }

  const isBusy = step === 'keeping' || step === 'releasing'
  return (
    <div className="space-y-4">
      <p className="text-lg text-slate-800">{offerIntroText(offer.businessName, mailingLabel)}</p>
      <OfferLines offer={offer} />
      <p className="font-semibold text-slate-900">{heldUntilText(offer.expiresText)}</p>
      {step === 'confirming' || step === 'releasing' ? (
        // A fieldset named by its question: the answers are read as one group, however they are reached.
        <fieldset aria-labelledby={questionId} onKeyDown={handleConfirmKeyDown} className="min-w-0">
          <div className="space-y-3 rounded-md border border-amber-400 bg-amber-50 p-4">
            <p ref={question} id={questionId} tabIndex={-1} className="text-amber-950">
              {releaseQuestionText(mailingLabel)}
            </p>
            <div className="flex flex-wrap gap-3">
              {/* aria-disabled, not disabled: a disabled button drops the keyboard focus while it works. */}
              <Button
                variant="destructive"
                aria-disabled={step === 'releasing' || undefined}
                onClick={() => void handleRelease()}
              >
                {step === 'releasing' ? OFFER_TEXTS.releasing : OFFER_TEXTS.confirmRelease}
              </Button>
              <Button
                variant="outline"
                aria-disabled={step === 'releasing' || undefined}
                onClick={() => step === 'confirming' && cancelRelease()}
              >
                {OFFER_TEXTS.cancelRelease}
              </Button>
            </div>
          </div>
        </fieldset>
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap gap-3">
            <Button
              size="lg"
              aria-describedby={hintId}
              aria-disabled={isBusy || undefined}
              onClick={() => void handleKeep()}
            >
              {step === 'keeping' ? OFFER_TEXTS.keeping : OFFER_TEXTS.keep}
            </Button>
            <Button
              ref={releaseButton}
              size="lg"
              variant="outline"
              aria-disabled={isBusy || undefined}
              onClick={() => {
                if (isBusy) return
                setError(null)
                setStep('confirming')
              }}
            >
              {OFFER_TEXTS.release}
            </Button>
          </div>
          <p id={hintId} className="text-sm text-slate-700">
            {KEEP_HINT}
          </p>
        </div>
      )}
      {error ? (
        <p
          key={error.id}
          ref={alert}
          role="alert"
          tabIndex={-1}
          className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800"
        >
          {error.text}
        </p>
      ) : null}
    </div>
  )
}
