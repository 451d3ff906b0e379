import { LogOut } from 'lucide-react'
import { NavLink, useNavigate } from 'react-router'
import { useAuth } from '../../features/auth/auth-context'
import { cn } from '../../lib/cn'
import { navLinks } from './nav-links'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 hover:text-slate-950',
    isActive && 'text-blue-800 underline underline-offset-4',
  )

/** The nav links plus Admin and Logout for a signed-in user; shared by the bar and the mobile menu. */
export function NavItems({ layout }: { layout: 'bar' | 'menu' }) {
  const { user, signOut } = useAuth()
  const navigate = useNavigate()

  async function handleLogout() {
    await signOut()
    navigate('/')
  }

  return (
    <ul className={cn(layout === 'bar' ? 'flex flex-wrap items-center gap-x-1' : 'flex flex-col gap-1')}>
      {navLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={linkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
      {user ? (
        <>
          <li>
            <NavLink to="/admin" className={linkClass}>
              Admin
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              onClick={handleLogout}
              className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              <LogOut className="size-4" aria-hidden="true" />
              Logout
            </button>
          </li>
        </>
      ) : null}
    </ul>
  )
}
