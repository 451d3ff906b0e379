/**
 * A small zod 4 schema → fast-check arbitrary converter for the API fuzz test. It reads the schema's
 * definition (`_zod.def`): types, wrappers (optional, nullable, default, pipe, preprocess), unions,
 * enums, literals and the common checks (min/max length, number bounds, int, regex, includes, email).
 * Refinements (`.refine`, `.superRefine`) cannot be read back, so callers pass hints: arbitraries by
 * object key (a date for `startDate`, a real row id for `dayId`), mixed in with the schema's own values.
 */
import fc from 'fast-check'
import type { z } from 'zod'

export type Hints = Record<string, fc.Arbitrary<unknown>>

type CheckDef = {
  check: string
  minimum?: number
  maximum?: number
  value?: number | bigint
  inclusive?: boolean
  format?: string
  pattern?: RegExp
  includes?: string
}

type Def = {
  type: string
  checks?: { _zod: { def: CheckDef } }[]
  format?: string
  pattern?: RegExp
  coerce?: boolean
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: z.ZodType[]
  entries?: Record<string, string | number>
  values?: unknown[]
  keyType?: z.ZodType
  valueType?: z.ZodType
  items?: z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((c) => c._zod.def)

/** Strings the API must survive: markup, SQL, control and bidi characters, lone surrogates, emoji. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  "'; DROP TABLE orders; --",
  "' OR '1'='1",
  '"><script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, as text
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '\u0000abc\u0000',
  '\uD800',
  '\uDFFF\uD800',
  '\u202E\u2066evil',
  '\uFEFF',
  '𝕿𝖔𝖜𝖓 🏙️👨‍👩‍👧‍👦',
  'Ǆǅǆ ß ﬃ İ',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '__proto__',
  'constructor',
  'toString',
  '0000-00-00',
  '9999-99-99',
  '2024-02-30',
  '+275760-09-13',
  'a'.repeat(10_000),
]

/** Any string: plain, full unicode, graphemes, or one of the nasty ones. */
export const anyString = (maxLength = 300): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.string({ maxLength }), weight: 3 },
    { arbitrary: fc.string({ unit: 'binary', maxLength }), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength }), weight: 1 },
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 2 },
  )

/** Addresses zod's (and the checkout's) e-mail rules accept; fast-check's RFC addresses are wider. */
export const emailArbitrary: fc.Arbitrary<string> = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9_+-]{1,20}(\.[a-z0-9_+-]{1,8})?$/),
    fc.stringMatching(/^[a-z0-9]{1,15}$/),
    fc.constantFrom('com', 'org', 'example', 'co.uk', 'museum'),
  )
  .map(([local, host, tld]) => `${local}@${host}.${tld}`)

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let minLength = 0
  let maxLength: number | undefined
  let trims = false
  let includes: string | undefined
  let pattern: RegExp | undefined
  let format = def.format
  if (def.pattern && format === 'regex') pattern = def.pattern
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = Math.max(minLength, check.minimum ?? 0)
    else if (check.check === 'max_length')
      maxLength = Math.min(maxLength ?? Infinity, check.maximum ?? Infinity)
    else if (check.check === 'length_equals') minLength = maxLength = check.value as number
    else if (check.check === 'overwrite') trims = true
    else if (check.check === 'string_format' && check.format === 'includes') includes = check.includes
    else if (check.check === 'string_format' && check.format === 'regex') pattern = check.pattern
    else if (check.check === 'string_format' && check.format) format = check.format
  }
  const cap = maxLength ?? Math.max(minLength, 120)
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= cap)
  if (format === 'email') return emailArbitrary.filter((s) => s.length <= cap)
  if (format === 'uuid' || format === 'guid') return fc.uuid()
  if (format === 'url') return fc.webUrl()
  if (format === 'datetime') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
  const body = fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength: cap }), weight: 3 },
    { arbitrary: fc.string({ unit: 'binary', minLength, maxLength: cap }), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: cap }), weight: 1 },
  )
  return body.map((raw) => {
    let s = trims ? raw.trim() : raw
    if (includes && !s.includes(includes))
      s = `${s.slice(0, Math.max(0, cap - includes.length - 1))}x${includes}`
    while (s.length < minLength) s += 'x'
    return s.length > cap ? s.slice(0, cap) : s
  })
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e9
  let max = 1e9
  let minExcluded = false
  let maxExcluded = false
  let integer = false
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') {
      min = Number(check.value)
      minExcluded = !check.inclusive
    } else if (check.check === 'less_than') {
      max = Number(check.value)
      maxExcluded = !check.inclusive
    } else if (check.check === 'number_format') {
      integer = check.format === 'safeint' || check.format?.startsWith('int') === true
    }
  }
  if (integer) {
    const lo = Math.ceil(minExcluded ? min + 1 : min)
    const hi = Math.floor(maxExcluded ? max - 1 : max)
    return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi))
  }
  return fc.oneof(
    fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true }),
    // Money-like values (whole cents), what forms send.
    fc
      .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
      .map((cents) => cents / 100)
      .filter((n) => (!minExcluded || n > min) && (!maxExcluded || n < max)),
  )
}

/**
 * Values the schema (mostly) accepts. With `loose`, optional keys are sometimes left out and objects
 * get a stray extra key now and then, so unknown keys are exercised too.
 */
export function zodArbitrary(schema: z.ZodType, hints: Hints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  switch (def.type) {
    case 'string':
      return def.coerce ? fc.oneof(stringArbitrary(def), fc.integer().map(String)) : stringArbitrary(def)
    case 'number': {
      const numbers = numberArbitrary(def)
      // A coerced number arrives as text (a query string).
      return def.coerce ? numbers.map(String) : numbers
    }
    case 'bigint':
      return fc.bigInt()
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'undefined':
    case 'void':
      return fc.constant(undefined)
    case 'date':
      return fc.date({ noInvalidDate: true })
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]))
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}))
    case 'any':
    case 'unknown':
      return fc.jsonValue()
    case 'optional':
      return fc.option(zodArbitrary(def.innerType as z.ZodType, hints), { nil: undefined, freq: 4 })
    case 'nullable':
      return fc.option(zodArbitrary(def.innerType as z.ZodType, hints), { nil: null, freq: 4 })
    case 'default':
    case 'prefault':
      return fc.option(zodArbitrary(def.innerType as z.ZodType, hints), { nil: undefined, freq: 3 })
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return zodArbitrary(def.innerType as z.ZodType, hints)
    case 'pipe': {
      // `.transform(fn)` pipes into a transform: generate what `in` accepts. `z.preprocess(fn, out)`
      // pipes from one, and `a.pipe(b)` is usually narrowed by `b`: generate what `out` accepts.
      const output = def.out as z.ZodType
      return defOf(output).type === 'transform'
        ? zodArbitrary(def.in as z.ZodType, hints)
        : zodArbitrary(output, hints)
    }
    case 'transform':
      return fc.jsonValue()
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => zodArbitrary(o, hints)))
    case 'intersection':
      return zodArbitrary(def.left as z.ZodType, hints)
    case 'array': {
      let minLength = 0
      let maxLength = 8
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = check.minimum ?? 0
        if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum ?? maxLength)
      }
      return fc.array(zodArbitrary(def.element as z.ZodType, hints), {
        minLength,
        maxLength: Math.max(minLength, maxLength),
      })
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => zodArbitrary(item, hints)))
    case 'record':
      return fc.dictionary(
        zodArbitrary(def.keyType as z.ZodType, hints).map(String),
        zodArbitrary(def.valueType as z.ZodType, hints),
        { maxKeys: 5 },
      )
    case 'object': {
      const shape = def.shape ?? {}
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      const requiredKeys: string[] = []
      for (const [key, field] of Object.entries(shape)) {
        const own = zodArbitrary(field, hints)
        const hint = hints[key]
        model[key] = hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: own, weight: 1 }) : own
        const optional = ['optional', 'default', 'prefault'].includes(defOf(field).type)
        if (!optional) requiredKeys.push(key)
      }
      return fc.record(model, { requiredKeys })
    }
    default:
      throw new Error(`zodArbitrary: unsupported zod type '${def.type}'`)
  }
}
