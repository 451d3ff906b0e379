import { type ComponentType, Suspense } from 'react'
import { BrowserRouter, Route, Routes } from 'react-router'
import { lazyPart } from '#client/lib/lazy-part.tsx'
import { PAGE_ROUTES, type PageModule, pageComponentName } from '#shared/page-routes.ts'
import { PageSpinner } from './layout/page-spinner'
import { RootLayout } from './layout/root-layout'
import { RouteErrorBoundary } from './layout/route-error'

/**
 * Every page, the home page included, is its own chunk, so a visitor downloads only the page they open
 * and admin code (sign-in and dashboard) never reaches public routes. Declarative routing rather than
 * createBrowserRouter: the data router's loader/action machinery is ~16 KB gzip we do not use, and
 * BrowserRouter applies navigations in a transition, so the current page stays up while the next one
 * loads, as it did with route `lazy`.
 */
const pageModules = import.meta.glob<Record<string, ComponentType>>('./*/*-page.tsx', { base: './routes/' })

/** Every page module exists and exports its component: src/shared/page-routes.test.ts checks it. */
function page(module: PageModule): ComponentType {
  const name = pageComponentName(module)
  const load = pageModules[`./${module}.tsx`] as () => Promise<Record<string, ComponentType>>
  return lazyPart(`page:${name}`, () => load().then((exports) => exports[name] as ComponentType))
}

// One component per page module (two routes may share one: /auth and /login), made once.
const PAGES = new Map<PageModule, ComponentType>(
  [...new Set(PAGE_ROUTES.map((route) => route.page))].map((module) => [module, page(module)]),
)

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}

/**
 * The routes of the page manifest (src/shared/page-routes.ts) inside any router: BrowserRouter in the
 * browser, StaticRouter on the server (entry-server).
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      {/* Only the first page load shows the spinner; later navigations keep the current page up. */}
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<RootLayout />}>
            {PAGE_ROUTES.map(({ path, page: module }) => {
              const Page = PAGES.get(module) as ComponentType
              return <Route key={path} path={path} element={<Page />} />
            })}
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  )
}
