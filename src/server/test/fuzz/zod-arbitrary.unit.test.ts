import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { updateOrderStatusInputSchema } from '#shared/admin-orders.ts'
import { blogPostInputSchema } from '#shared/blog.ts'
import { calendarMonthQuerySchema } from '#shared/calendar.ts'
import { dayCheckoutInputSchema, specialPurchaseCheckoutInputSchema } from '#shared/checkout.ts'
import { createInquiryInputSchema } from '#shared/inquiries.ts'
import { updateFontInputSchema } from '#shared/settings.ts'
import { emailArbitrary, zodArbitrary } from './zod-arbitrary.ts'

/** Share of generated values the schema accepts. */
function acceptance(schema: z.ZodType, arbitrary = zodArbitrary(schema)): number {
  const values = fc.sample(arbitrary, { numRuns: 200, seed: 42 })
  return values.filter((v) => schema.safeParse(v).success).length / values.length
}

describe('zodArbitrary', () => {
  it('generates only valid values for schemas without refinements', () => {
    const schemas: z.ZodType[] = [
      z.object({
        name: z.string().trim().min(1).max(20),
        email: z.email(),
        count: z.number().int().min(1).max(10),
        price: z.number().gt(0).lt(5),
        kind: z.enum(['a', 'b']),
        tag: z.literal('x'),
        note: z.string().max(5).nullish(),
        list: z.array(z.string().min(2)).min(1).max(3),
        code: z.string().regex(/^[A-Z]{3}-\d{2}$/),
        at: z.string().includes('@'),
        flag: z.boolean().optional(),
        size: z.number().default(3),
      }),
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('a'), n: z.number().int() }),
        z.object({ type: z.literal('b'), s: z.string() }),
      ]),
      z.preprocess((v) => v, z.string().min(3)),
      updateFontInputSchema,
      updateOrderStatusInputSchema,
      createInquiryInputSchema,
      calendarMonthQuerySchema,
    ]
    for (const schema of schemas) expect(acceptance(schema)).toBe(1)
  }, 30_000)

  it('covers a refinement it cannot read only through a hint', () => {
    // An e-mail checked by a .refine(): unhinted values rarely pass, hinted ones (3 in 4) mostly do.
    // (The checkout schemas now use z.email(), which the generator reads, so they need no hint.)
    const refined = z.object({ email: z.string().refine((v) => /^[^@\s,]+@[^@\s,]+\.[a-z]{2,}$/.test(v)) })
    expect(acceptance(refined)).toBeLessThan(0.2)
    const hints = { email: emailArbitrary }
    expect(acceptance(refined, zodArbitrary(refined, hints))).toBeGreaterThan(0.6)
    // returnPath must name one of the site's checkout pages (a refine): unhinted, most values miss it; a
    // hint (used 3 in 4) makes most pass.
    const returnPath = fc.option(fc.constantFrom('/cart-checkout', '/special-purchase'), { nil: undefined })
    expect(acceptance(dayCheckoutInputSchema)).toBeLessThan(0.5)
    expect(
      acceptance(dayCheckoutInputSchema, zodArbitrary(dayCheckoutInputSchema, { returnPath })),
    ).toBeGreaterThan(0.6)
    // amount must equal units × $1 (a superRefine) and returnPath must name a checkout page (a refine):
    // fixed up by the caller, every value passes.
    const special = zodArbitrary(specialPurchaseCheckoutInputSchema, hints).map((v) => ({
      ...(v as object),
      email: 'buyer@example.com',
      amount: (v as { units: number }).units,
      returnPath: '/special-purchase',
    }))
    expect(acceptance(specialPurchaseCheckoutInputSchema)).toBeLessThan(0.2)
    expect(acceptance(specialPurchaseCheckoutInputSchema, special)).toBe(1)
    // A blog post's publication date must be a real day (a refine): a hint of real days makes most pass.
    const publicationDate = fc.date({
      min: new Date('2000-01-01'),
      max: new Date('2099-12-31'),
      noInvalidDate: true,
    })
    const dated = zodArbitrary(blogPostInputSchema, {
      publicationDate: publicationDate.map((d) => d.toISOString().slice(0, 10)),
    })
    expect(acceptance(blogPostInputSchema)).toBeLessThan(0.8)
    expect(acceptance(blogPostInputSchema, dated)).toBeGreaterThan(0.6)
  }, 30_000)

  it('refuses a schema type it does not know instead of guessing', () => {
    expect(() => zodArbitrary(z.promise(z.string()) as unknown as z.ZodType)).toThrow(/unsupported/)
  })
})
