import { useEffect } from 'react'

/**
 * A page whose URL holds a private link's secret (the e-mailed offer link): search engines are told not to
 * index it, and links followed from it do not send the URL on, while it is shown. Browser-rendered pages
 * arrive as the shared shell, so the page adds these itself.
 */
export function useNoIndex() {
  useEffect(() => {
    const added = [
      ['robots', 'noindex'],
      ['referrer', 'no-referrer'],
    ].map(([name, content]) => {
      const meta = document.createElement('meta')
      meta.name = name as string
      meta.content = content as string
      document.head.append(meta)
      return meta
    })
    return () => {
      for (const meta of added) meta.remove()
    }
  }, [])
}
