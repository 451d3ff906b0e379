import { Spinner } from '#client/components/ui/spinner.tsx'

/** MapExample while its image loads; also the home page's placeholder while MapExample's code loads. */
export function MapExampleSpinner() {
  return <Spinner label="Loading map example..." className="aspect-[4/3] py-0" />
}
