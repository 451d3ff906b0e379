import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { scansChartLabel } from '#shared/short-link-texts.ts'
import { ScansChart } from './scans-chart'

afterEach(cleanup)

const day = (date: string, scans: number) => ({ day: date, scans, people: scans })

describe('ScansChart', () => {
  it('is one image named by what it shows: the days and the scans in all', () => {
    const days = [day('2027-01-05', 7), day('2027-01-06', 0), day('2027-01-19', 5)]
    render(<ScansChart days={days} />)
    const chart = screen.getByRole('img', { name: 'Scans per day from Jan 5 to Jan 19: 12 scans' })
    // One bar a day, the day without scans included (at zero height).
    expect(chart.querySelectorAll('rect')).toHaveLength(3)
    expect(chart.querySelectorAll('rect')[1]?.getAttribute('height')).toBe('0')
  })

  it('shows nothing before the first scan', () => {
    const { container } = render(<ScansChart days={[]} />)
    expect(container.innerHTML).toBe('')
  })
})

describe('scansChartLabel', () => {
  it('names one day, one scan, and a range across months', () => {
    expect(scansChartLabel([day('2027-03-02', 1)])).toBe('Scans on Mar 2: 1 scan')
    expect(scansChartLabel([day('2026-12-30', 2), day('2026-12-31', 0), day('2027-01-01', 1)])).toBe(
      'Scans per day from Dec 30 to Jan 1: 3 scans',
    )
    expect(scansChartLabel([])).toBe('No scans yet')
  })
})
