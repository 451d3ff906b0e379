import { type ComponentProps, lazy, Suspense } from 'react'
import { CarouselView } from './carousel-view'

const Carousel = lazy(() => import('./carousel').then((module) => ({ default: module.Carousel })))

/** Embla loads only where there are slides to move; until then the same markup holds the space. */
export function LazyCarousel(props: ComponentProps<typeof Carousel>) {
  return (
    <Suspense
      fallback={<CarouselView label={props.label} slides={props.slides} className={props.className} />}
    >
      <Carousel {...props} />
    </Suspense>
  )
}
