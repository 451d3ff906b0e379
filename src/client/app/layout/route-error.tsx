import { Component, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'

/** Last-resort screen for a render error or a failed lazy chunk. */
export function RouteError({ error }: { error: unknown }) {
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

type BoundaryProps = { locationKey: string; children: ReactNode }
type BoundaryState = { error: unknown; errorAt: string | null }

/** Shows RouteError in place of the whole layout; the next navigation clears it, as a route error did. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, errorAt: null }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null
    if (state.errorAt === null) return { errorAt: props.locationKey }
    return state.errorAt === props.locationKey ? null : { error: null, errorAt: null }
  }

  render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation()
  return <ErrorBoundary locationKey={key}>{children}</ErrorBoundary>
}
