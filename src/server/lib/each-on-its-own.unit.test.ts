import { describe, expect, it } from 'vitest'
import { loggedLines } from '#server/test/log-lines.ts'
import { eachOnItsOwn } from './each-on-its-own.ts'

describe('eachOnItsOwn', () => {
  it('logs the item that throws, with what it concerned, and does the others', async () => {
    const { logger, lines } = loggedLines()
    const seen: string[] = []
    const done = await eachOnItsOwn(
      ['2027-01', '2027-02', '2027-03'],
      { label: 'test round', logger, about: (month) => ({ month }) },
      async (month) => {
        seen.push(month)
        if (month === '2027-02') throw new Error('a bad row')
        return month
      },
    )
    expect(seen).toEqual(['2027-01', '2027-02', '2027-03'])
    expect(done).toEqual(['2027-01', '2027-03'])
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        month: '2027-02',
        err: expect.objectContaining({ message: 'a bad row' }),
        msg: 'test round failed; the round goes on',
      }),
    ])
  })
})
