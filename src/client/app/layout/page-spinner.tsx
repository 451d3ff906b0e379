import { Spinner } from '#client/components/ui/spinner.tsx'

export function PageSpinner() {
  return <Spinner label="Loading page..." className="min-h-[50vh]" />
}
