import { Menu, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useSiteConfig } from '../site-config'
import { CartLink } from './cart-link'
import { NavItems } from './nav-items'

const MOBILE_MENU_ID = 'mobile-menu'

export function SiteHeader() {
  const { productName } = useSiteConfig()
  const location = useLocation()
  // The menu belongs to the location it was opened at, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const isMenuOpen = openAt === location.key
  const menuButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!isMenuOpen) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setOpenAt(null)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [isMenuOpen])

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
        <Link to="/" className="rounded-md font-heading text-3xl text-slate-900">
          {productName}
        </Link>
        <nav aria-label="Main" className="hidden md:order-last md:block md:w-full xl:order-none xl:w-auto">
          <NavItems layout="bar" />
        </nav>
        <div className="flex items-center gap-2">
          <CartLink />
          <button
            ref={menuButton}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-slate-900 hover:bg-slate-100 md:hidden"
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={isMenuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setOpenAt(isMenuOpen ? null : location.key)}
          >
            {isMenuOpen ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      <div id={MOBILE_MENU_ID} hidden={!isMenuOpen} className="border-t border-slate-200 px-4 py-3 md:hidden">
        <nav aria-label="Main">
          <NavItems layout="menu" />
        </nav>
      </div>
    </header>
  )
}
