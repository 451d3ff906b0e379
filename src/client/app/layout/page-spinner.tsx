import { Spinner } from '../../components/ui/spinner'

export function PageSpinner() {
  return <Spinner label="Loading page..." className="min-h-[50vh]" />
}
