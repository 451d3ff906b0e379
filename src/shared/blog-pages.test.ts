import { describe, expect, it } from 'vitest'
import { blogPageCount, blogPageHref, blogPageOf } from './blog-pages.ts'

describe('blog pages', () => {
  it('reads a page number from ?page, 1 for anything else', () => {
    expect(blogPageOf(null)).toBe(1)
    expect(blogPageOf('3')).toBe(3)
    expect(blogPageOf('0')).toBe(1)
    for (const junk of ['', '-2', '1.5', 'x', '2x', '999999']) expect(blogPageOf(junk)).toBe(1)
    expect(blogPageOf('99999')).toBe(99999)
  })

  it('counts pages (at least one) and links page 1 as plain /blog', () => {
    expect(blogPageCount(0)).toBe(1)
    expect(blogPageCount(12)).toBe(1)
    expect(blogPageCount(13)).toBe(2)
    expect(blogPageCount(2000, 50)).toBe(40)
    expect(blogPageHref(1)).toBe('/blog')
    expect(blogPageHref(2)).toBe('/blog?page=2')
  })
})
