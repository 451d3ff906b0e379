/**
 * Request parts for the API fuzz test: JSON bodies that follow a schema, the same bodies broken one field
 * at a time, and plain garbage (random JSON, wrong types, huge and odd strings, prototype-pollution keys,
 * bodies that are not JSON at all), plus query strings, path segments and client addresses.
 */
import fc from 'fast-check'
import { anyString, NASTY_STRINGS } from './zod-arbitrary.ts'

export type FuzzBody = {
  body?: string | Uint8Array<ArrayBuffer> | FormData
  contentType?: string
  /** Headers that belong to the body (a signature over it). */
  headers?: [string, string][]
}

/** JSON values of the wrong type or shape for any field. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  {
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0,
      0.1 + 0.2,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      2 ** 31,
      [],
      {},
      [null],
      { $ne: null },
      { $gt: '' },
      { toString: 'x' },
      '1',
      '1e3',
      'true',
      '2026-13-45',
    ),
    weight: 2,
  },
  { arbitrary: anyString(), weight: 3 },
  { arbitrary: fc.string({ minLength: 1_000, maxLength: 5_000 }), weight: 1 },
)

const POLLUTION =
  '"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}}'

/** JSON text with `__proto__` / `constructor.prototype` keys spliced into an object's text. */
function withPollution(json: string): string {
  if (json.startsWith('{}')) return `{${POLLUTION}}`
  if (json.startsWith('{')) return `{${POLLUTION},${json.slice(1)}`
  return `{${POLLUTION},"value":${json}}`
}

/** Texts that are not valid JSON (or valid JSON no schema wants). */
export const rawGarbage: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '[',
    '{"a":',
    '{"a" 1}',
    "{'a':1}",
    '{"a":1,}',
    '[1,2,]',
    'null',
    'nul',
    'true',
    '0',
    '-',
    'NaN',
    'Infinity',
    '"\\ud800"',
    '"\\u0000"',
    '{"a":1}{"b":2}',
    '\uFEFF{}',
    '\u0000',
    '1e99999',
    `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`,
    `"${'x'.repeat(150_000)}"`,
    `{"big":"${'y'.repeat(99_000)}"}`,
  ),
  ...NASTY_STRINGS.map((s) => fc.constant(s)),
)

/** A JSON object's text with one field replaced, removed or duplicated. */
function mutatedJson(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, wrongValue, fc.nat(), fc.constantFrom('replace', 'remove', 'duplicate', 'wrap'))
    .map(([value, wrong, index, how]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return JSON.stringify(how === 'wrap' ? [value] : wrong) ?? 'null'
      const object = { ...(value as Record<string, unknown>) }
      const keys = Object.keys(object)
      const key = keys.length > 0 ? (keys[index % keys.length] as string) : 'x'
      if (how === 'replace') object[key] = wrong
      else if (how === 'remove') delete object[key]
      else if (how === 'wrap') return JSON.stringify([object])
      else {
        // The same key twice: JSON.parse keeps the last one.
        const text = JSON.stringify(object)
        return `{${JSON.stringify(key)}:${JSON.stringify(wrong) ?? 'null'},${text.slice(1)}`
      }
      return JSON.stringify(object)
    })
}

const jsonContentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----fuzz',
      'application/jsonp',
      '',
      undefined,
    ),
    weight: 2,
  },
)

/**
 * Bodies for a JSON route: mostly what the schema accepts (so requests reach the service and the
 * database), then broken ones, random JSON and non-JSON.
 */
export function jsonBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> {
  const text = fc.oneof(
    { arbitrary: valid.map((v) => JSON.stringify(v) ?? 'null'), weight: 10 },
    { arbitrary: valid.map((v) => withPollution(JSON.stringify(v) ?? 'null')), weight: 1 },
    { arbitrary: mutatedJson(valid), weight: 4 },
    { arbitrary: wrongValue.map((v) => JSON.stringify(v) ?? 'null'), weight: 2 },
    { arbitrary: rawGarbage, weight: 2 },
  )
  return fc.oneof(
    { arbitrary: fc.record({ body: text, contentType: jsonContentType }), weight: 20 },
    // Bytes that are not UTF-8.
    {
      arbitrary: fc.record({
        body: fc.uint8Array({ maxLength: 300 }).map((b) => new Uint8Array(b)),
        contentType: fc.constant('application/json'),
      }),
      weight: 1,
    },
    { arbitrary: fc.constant<FuzzBody>({}), weight: 1 },
  )
}

/** Bodies for a route that reads none: any of the above. */
export const anyBody: fc.Arbitrary<FuzzBody> = jsonBody(wrongValue)

/** encodeURIComponent without its URIError: a lone surrogate (never in a real URL) becomes U+FFFD. */
const encodeText = (text: string) =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  )

const encode = (params: [string, string][]) =>
  params.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&')

/** Raw query texts (without '?'): broken escapes, repeated and empty names, odd encodings. */
const rawQuery: fc.Arbitrary<string> = fc.constantFrom(
  '',
  '&',
  '=',
  '&&==&',
  '%',
  '%zz=%',
  'a=%E0%A4%A',
  'a=%C0%AE%C0%AE',
  'a=%00',
  'a[]=1&a[]=2',
  'a[b]=1',
  '__proto__[polluted]=yes',
  'constructor[prototype][polluted]=yes',
  '__proto__=x',
  `a=${'x'.repeat(5_000)}`,
  'month=2026-01&month=garbage',
  'type=map_example&type=%FF',
)

/** A query string (without '?') from a schema's values (strings, as a form would send) and garbage. */
export function queryString(valid?: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const fromSchema = (valid ?? fc.constant({})).map((value) =>
    value && typeof value === 'object'
      ? encode(
          Object.entries(value as Record<string, unknown>)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        )
      : '',
  )
  const randomPairs = fc
    .array(fc.tuple(anyString(40), anyString(80)), { maxLength: 5 })
    .map((pairs) => encode(pairs))
  return fc.oneof(
    { arbitrary: fromSchema, weight: valid ? 6 : 1 },
    { arbitrary: randomPairs, weight: 2 },
    { arbitrary: rawQuery, weight: 2 },
    // A valid query with garbage appended.
    { arbitrary: fc.tuple(fromSchema, rawQuery).map(([a, b]) => `${a}&${b}`), weight: 1 },
  )
}

/** Raw path segments that are already URL-safe but odd: dot segments, broken and double escapes. */
const oddSegment = fc.constantFrom(
  '%',
  '%zz',
  '%2e%2e',
  '..',
  '.',
  '%2E',
  '%252e%252e',
  '%00',
  '%C0%AE',
  '%E0%A4%A',
  '%2F',
  'a%2Fb',
  '%5C..%5C',
  '~',
  '-1',
  '0',
  'NaN',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  'x'.repeat(2_000),
)

/** Any single path segment: a pool value (a real id) most of the time, a uuid, random text or an odd one. */
export function segment(pool?: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: pool ?? fc.uuid(), weight: pool ? 5 : 1 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: anyString(80).map(encodeText), weight: 2 },
    { arbitrary: oddSegment, weight: 2 },
  )
}

/** A pick from a list that grows and shrinks while the run goes (ids created by earlier routes). */
export function fromPool(pool: string[], fallback: string): fc.Arbitrary<string> {
  return fc.nat().map((i) => (pool.length > 0 ? (pool[i % pool.length] as string) : fallback))
}

/** Printable ASCII only: what a Headers value may hold. */
export const headerText = (max = 80) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`))

/** X-Forwarded-For values (trusted in tests): spread addresses, so per-address limits rarely stop the run. */
export const clientAddress: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.ipV4(), weight: 8 },
  { arbitrary: fc.ipV6(), weight: 1 },
  { arbitrary: headerText(60), weight: 1 },
  { arbitrary: fc.constantFrom('', ',', ' , 1.2.3.4', 'unknown', '::1', '0.0.0.0'), weight: 1 },
)
