import { Link, useRouteError } from 'react-router'

/** Last-resort screen for a render error or a failed lazy chunk. */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-4xl">Something went wrong</h1>
      <p className="text-slate-700">Please reload the page or try again later.</p>
      <Link to="/" className="text-blue-700 underline hover:text-blue-800">
        Return to Home
      </Link>
    </main>
  )
}
