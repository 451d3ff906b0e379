import { useEffect } from 'react'
import { useSiteConfig } from './site-config'

/** Sets "<Page> | <productName>" while the page is shown. */
export function useDocumentTitle(page: string) {
  const { productName } = useSiteConfig()
  useEffect(() => {
    document.title = `${page} | ${productName}`
  }, [page, productName])
}
