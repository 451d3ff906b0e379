import { Link } from 'react-router'
import { formatCount } from '#shared/format.ts'
import { useSiteConfig } from '../site-config'
import { footerLinks } from './nav-links'

const footerLink = 'text-slate-200 underline-offset-4 hover:text-white hover:underline'

export function SiteFooter() {
  const config = useSiteConfig()
  const year = new Date().getFullYear()
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="font-heading text-2xl text-white">{config.productName}</p>
          <p className="mt-2 text-sm">
            A monthly community postcard mailed to about {formatCount(config.reach)} homes in {config.town}.
          </p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="text-lg text-white">Quick Links</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-lg text-white">Contact</h2>
          <address className="mt-2 space-y-1 text-sm not-italic">
            <p>{config.town}</p>
            <p>
              <a href={`mailto:${config.contactEmail}`} className={footerLink}>
                {config.contactEmail}
              </a>
            </p>
            <p>
              <a href={`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`} className={footerLink}>
                {config.contactPhone}
              </a>
            </p>
            <p>
              <a href={config.socialUrl} target="_blank" rel="noopener noreferrer" className={footerLink}>
                {config.socialLabel}
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4 text-sm">
          {/* The server's year (UTC) and the visitor's differ for a few hours around New Year: hydration
              keeps the server's text then instead of failing (decision 014). */}
          <p suppressHydrationWarning>
            © {year} {config.productName}
          </p>
          <Link to="/auth" className="rounded px-2 py-1 text-xs text-slate-300 hover:text-white">
            Admin
          </Link>
        </div>
      </div>
    </footer>
  )
}
