import { describe, expect, it } from 'vitest'
import { BLOG_PREVIEW_LENGTH, blogPreview } from './blog-preview'

describe('blogPreview', () => {
  it('keeps content of at most 150 characters as it is, without dots', () => {
    expect(BLOG_PREVIEW_LENGTH).toBe(150)
    expect(blogPreview('Short post.')).toBe('Short post.')
    const exact = 'a'.repeat(150)
    expect(blogPreview(exact)).toBe(exact)
  })

  it('cuts longer content at 150 characters and adds ...', () => {
    const long = `${'b'.repeat(150)}tail`
    expect(blogPreview(long)).toBe(`${'b'.repeat(150)}...`)
  })

  it('never splits a character made of two UTF-16 units', () => {
    const content = `${'c'.repeat(149)}😀😀`
    expect(blogPreview(content)).toBe(`${'c'.repeat(149)}😀...`)
  })
})
