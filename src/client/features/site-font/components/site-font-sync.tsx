import { useEffect } from 'react'
import { useSiteSettings } from '#client/lib/site-settings.ts'
import { isSiteFont } from '#shared/fonts.ts'
import { applySiteFont } from '../site-font'

/** Applies the server's font once it is known; the cached font already painted the page before that. */
export function SiteFontSync() {
  const { data } = useSiteSettings()
  const font = data?.font
  useEffect(() => {
    if (isSiteFont(font)) void applySiteFont(font)
  }, [font])
  return null
}
