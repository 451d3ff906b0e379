import useEmblaCarousel from 'embla-carousel-react'
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react'
import { type CarouselSlide, CarouselView } from './carousel-view'

export { CAROUSEL_ARROWS_ABOVE, type CarouselSlide } from './carousel-view'

/**
 * A swipeable row of slides (embla). Arrow keys move it when it has focus, so it stays
 * keyboard-operable even when the arrows are not shown.
 */
export function Carousel({
  label,
  slides,
  className,
}: {
  label: string
  slides: CarouselSlide[]
  className?: string
}) {
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' })
  const [canScrollPrev, setCanScrollPrev] = useState(false)
  const [canScrollNext, setCanScrollNext] = useState(false)

  const update = useCallback(() => {
    if (!api) return
    setCanScrollPrev(api.canScrollPrev())
    setCanScrollNext(api.canScrollNext())
  }, [api])

  useEffect(() => {
    if (!api) return
    update()
    api.on('select', update).on('reInit', update)
    return () => {
      api.off('select', update).off('reInit', update)
    }
  }, [api, update])

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      api?.scrollPrev()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      api?.scrollNext()
    }
  }

  return (
    <CarouselView
      label={label}
      slides={slides}
      className={className}
      viewportRef={viewportRef}
      canScrollPrev={canScrollPrev}
      canScrollNext={canScrollNext}
      onPrev={() => api?.scrollPrev()}
      onNext={() => api?.scrollNext()}
      onKeyDown={handleKeyDown}
    />
  )
}
