import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Carousel } from './carousel'

const slides = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    key: String(i),
    content: <img src={`/${i}.png`} alt={`Card ${i + 1}`} />,
  }))

describe('Carousel', () => {
  afterEach(cleanup)

  it('shows no arrows for two slides or fewer', () => {
    render(<Carousel label="Examples" slides={slides(2)} />)
    expect(screen.getByRole('region', { name: 'Examples' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Previous slide' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull()
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      '1 of 2',
      '2 of 2',
    ])
  })

  it('shows both arrows above two slides, and every image keeps its alt text', () => {
    render(<Carousel label="Examples" slides={slides(3)} />)
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy()
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Card 1',
      'Card 2',
      'Card 3',
    ])
  })
})
