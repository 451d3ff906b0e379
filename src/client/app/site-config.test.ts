import { describe, expect, it } from 'vitest'
import { defaultSiteConfig, SITE_CONFIG_ELEMENT_ID } from '#shared/site-config.ts'
import { readSiteConfig } from './site-config'

function documentWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument()
  const script = doc.createElement('script')
  script.type = 'application/json'
  script.id = SITE_CONFIG_ELEMENT_ID
  script.textContent = json
  doc.head.append(script)
  return doc
}

describe('readSiteConfig', () => {
  it('merges the injected JSON over the defaults, keeping only known keys of the right type', () => {
    const config = readSiteConfig(documentWith('{"town":"Riverton","reach":"many","extra":1}'))
    expect(config.town).toBe('Riverton')
    expect(config.reach).toBe(defaultSiteConfig.reach)
    expect(config).not.toHaveProperty('extra')
  })

  it('falls back to the defaults without or with broken JSON', () => {
    expect(readSiteConfig(document.implementation.createHTMLDocument())).toEqual(defaultSiteConfig)
    expect(readSiteConfig(documentWith('{oops'))).toEqual(defaultSiteConfig)
  })
})
