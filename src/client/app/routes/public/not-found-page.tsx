import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { useDocumentTitle } from '#client/app/use-document-title.ts'

export function NotFoundPage() {
  const location = useLocation()
  useDocumentTitle('Page Not Found')

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-7xl font-bold">404</h1>
      <p className="text-xl text-slate-700">Oops! Page not found</p>
      <Link to="/" className="text-blue-700 underline underline-offset-4 hover:text-blue-800">
        Return to Home
      </Link>
    </div>
  )
}
