import { type ComponentProps, Suspense } from 'react'
import { lazyPart } from '../lib/lazy-part'
import { CarouselView } from './carousel-view'

const Carousel = lazyPart('carousel', () => import('./carousel').then((module) => module.Carousel))

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
