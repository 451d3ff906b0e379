/**
 * A count with its noun, singular for exactly one: '1 day', '2 days', '0 orders' (the admin's
 * toasts and confirmations once said '1 days'). English only; pass the plural when it is not noun + 's'.
 */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`
}

/** The verb that agrees with the count: is/are, has/have, was/were. */
export function agree(count: number, singular: string, pluralVerb: string): string {
  return count === 1 ? singular : pluralVerb
}
