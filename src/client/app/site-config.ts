import { defaultSiteConfig, SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '#shared/site-config.ts'

/** Keeps only known keys whose type matches the default, so a bad injection cannot break pages. */
function sanitize(raw: unknown): Partial<SiteConfig> {
  if (!raw || typeof raw !== 'object') return {}
  const result: Record<string, unknown> = {}
  for (const [key, fallback] of Object.entries(defaultSiteConfig)) {
    const value = (raw as Record<string, unknown>)[key]
    if (typeof value === typeof fallback) result[key] = value
  }
  return result as Partial<SiteConfig>
}

export function readSiteConfig(doc: Document | undefined = globalThis.document): SiteConfig {
  const text = doc?.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent
  if (!text) return defaultSiteConfig
  try {
    return { ...defaultSiteConfig, ...sanitize(JSON.parse(text)) }
  } catch {
    console.error('Invalid site config JSON; using defaults')
    return defaultSiteConfig
  }
}

let cached: SiteConfig | undefined

export function getSiteConfig(): SiteConfig {
  cached ??= readSiteConfig()
  return cached
}

/** Server rendering: the server's own config (one per process), since there is no document to read. */
export function provideSiteConfig(config: SiteConfig) {
  cached = config
}

/** The config never changes while the page lives, so a plain read is enough. */
export function useSiteConfig(): SiteConfig {
  return getSiteConfig()
}
