import { cn } from '#client/lib/cn.ts'
import type { MailingProgressDto } from '#shared/account.ts'
import { MAILING_STEP_STATES, mailingProgressLabel } from '#shared/account-texts.ts'
import { type MailingStepState, mailingSteps } from '../account-display'

/**
 * The marks beside each step (hidden from screen readers, which hear the state's word instead): a tick
 * for a step done, a filled ring for the next one, an empty ring for those to come. No icon library:
 * each lucide icon shared with other pages becomes a chunk whose name every page's entry carries.
 */
const MARKS: Record<MailingStepState, { symbol: string; className: string }> = {
  done: { symbol: '✓', className: 'border-green-700 bg-green-700 text-white' },
  current: { symbol: '●', className: 'border-blue-700 bg-white text-blue-700' },
  upcoming: { symbol: '', className: 'border-slate-400 bg-white' },
}

/** Sales close, artwork due, printed, mailed, in homes: where the mailing stands. */
export function MailingProgress({ mailing, now }: { mailing: MailingProgressDto; now: Date }) {
  return (
    <ol aria-label={mailingProgressLabel(mailing.month)} className="grid gap-3 sm:grid-cols-5 sm:gap-4">
      {mailingSteps(mailing, now).map((step) => (
        <li
          key={step.key}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className="flex items-start gap-3 sm:flex-col sm:gap-2"
        >
          <span
            aria-hidden="true"
            className={cn(
              'flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
              MARKS[step.state].className,
            )}
          >
            {MARKS[step.state].symbol}
          </span>
          <span className="min-w-0">
            <span className={cn('block text-slate-900', step.state === 'current' && 'font-semibold')}>
              {step.label}
              <span className="sr-only"> ({MAILING_STEP_STATES[step.state]})</span>
            </span>
            {step.when ? <span className="block text-sm text-slate-700">{step.when}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  )
}
