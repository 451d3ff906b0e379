import { LogOut } from 'lucide-react'
import { NavLink, useNavigate } from 'react-router'
import { useAuth } from '#client/features/auth/auth-context.ts'
import { cn } from '#client/lib/cn.ts'
import { navLinks } from './nav-links'

const itemClass = (layout: 'bar' | 'menu') =>
  cn(
    'rounded-md px-2 text-sm font-medium text-slate-800 hover:bg-slate-100 hover:text-slate-950',
    layout === 'bar' ? 'py-2' : 'flex w-full items-center py-3',
  )

const activeClass = 'text-blue-800 underline underline-offset-4'

/**
 * The nav links, plus Admin for an administrator and Logout for anyone signed in (an advertiser signs in
 * by e-mailed link to /account and has no admin area); shared by the bar and the mobile menu.
 */
export function NavItems({ layout }: { layout: 'bar' | 'menu' }) {
  const { user, isAdmin, signOut } = useAuth()
  const navigate = useNavigate()

  async function handleLogout() {
    await signOut()
    navigate('/')
  }

  return (
    <ul className={cn(layout === 'bar' ? 'flex flex-wrap items-center gap-x-1' : 'flex flex-col gap-1')}>
      {navLinks.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={({ isActive }) => cn(itemClass(layout), isActive && activeClass)}>
            {link.label}
          </NavLink>
        </li>
      ))}
      {user ? (
        <>
          {isAdmin ? (
            <li>
              <NavLink
                to="/admin"
                className={({ isActive }) => cn(itemClass(layout), isActive && activeClass)}
              >
                Admin
              </NavLink>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              onClick={handleLogout}
              className={cn(itemClass(layout), 'inline-flex items-center gap-1')}
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
