import { afterEach, describe, expect, it, vi } from 'vitest'

const neucha = vi.hoisted(() => vi.fn())
vi.mock('@fontsource/neucha/latin-400.css', () => {
  neucha()
  return {}
})

describe('loadFontStylesheet', () => {
  afterEach(() => {
    for (const style of document.querySelectorAll('style[data-site-font-faces]')) style.remove()
    vi.resetModules()
    neucha.mockClear()
  })

  it("leaves a server-rendered page's inlined font alone (its swap would move the headings)", async () => {
    const style = document.createElement('style')
    style.dataset.siteFontFaces = 'Neucha'
    document.head.append(style)
    const { loadFontStylesheet } = await import('./font-stylesheets.ts')
    await loadFontStylesheet('Neucha')
    expect(neucha).not.toHaveBeenCalled()
  })

  it('loads the stylesheet of a font the page did not come with', async () => {
    const { loadFontStylesheet } = await import('./font-stylesheets.ts')
    await loadFontStylesheet('Neucha')
    expect(neucha).toHaveBeenCalledTimes(1)
  })
})
