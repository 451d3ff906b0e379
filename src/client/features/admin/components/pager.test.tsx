import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Pager } from './pager'

describe('Pager', () => {
  it('says which lines of how many are shown, with thousands separated, and moves a page at a time', () => {
    const onPage = vi.fn()
    const { rerender } = render(
      <Pager label="Lines pages" page={1} pageSize={50} total={1000} onPage={onPage} />,
    )
    const nav = screen.getByRole('navigation', { name: 'Lines pages' })
    expect(nav.textContent).toContain('Showing 1–50 of 1,000 (page 1 of 20)')
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(onPage).toHaveBeenLastCalledWith(2)

    rerender(<Pager label="Lines pages" page={20} pageSize={50} total={1000} onPage={onPage} />)
    expect(nav.textContent).toContain('Showing 951–1,000 of 1,000 (page 20 of 20)')
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(onPage).toHaveBeenLastCalledWith(19)
  })
})
