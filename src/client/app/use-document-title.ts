import { createContext, useContext, useEffect } from 'react'
import { useSiteConfig } from './site-config'

/** Server rendering collects the page's title here (effects do not run there); null in the browser. */
export const DocumentHeadContext = createContext<{ title?: string } | null>(null)

/** Sets "<Page> | <productName>" while the page is shown. */
export function useDocumentTitle(page: string) {
  const { productName } = useSiteConfig()
  const title = `${page} | ${productName}`
  const head = useContext(DocumentHeadContext)
  if (head) head.title = title
  useEffect(() => {
    document.title = title
  }, [title])
}
