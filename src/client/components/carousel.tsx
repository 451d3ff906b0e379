import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useState } from 'react'
import { cn } from '../lib/cn'
import { Button } from './ui/button'

export type CarouselSlide = { key: string; content: ReactNode }

/** Spec sections 2 and 9: arrows appear only when there are more than two slides. */
export const CAROUSEL_ARROWS_ABOVE = 2

/**
 * A swipeable row of slides (embla): one per view below 768 px, two from 768 px up. Arrow keys move it
 * when it has focus, so it stays keyboard-operable even when the arrows are not shown.
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
  const hasArrows = slides.length > CAROUSEL_ARROWS_ABOVE

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
    // biome-ignore lint/a11y/useSemanticElements: a carousel region per the WAI-ARIA carousel pattern
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('relative', hasArrows && 'px-12', className)}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the focusable viewport takes arrow keys, as in the WAI-ARIA carousel pattern */}
      <div
        ref={viewportRef}
        className="overflow-hidden rounded-lg"
        // Focusable only when there is something to move to.
        tabIndex={slides.length > 1 ? 0 : undefined}
        onKeyDown={handleKeyDown}
      >
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group per the WAI-ARIA carousel pattern, not a form fieldset
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 md:basis-1/2"
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {hasArrows ? (
        <>
          <Button
            variant="outline"
            size="icon"
            className="absolute top-1/2 left-0 -translate-y-1/2 rounded-full"
            aria-label="Previous slide"
            disabled={!canScrollPrev}
            onClick={() => api?.scrollPrev()}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="absolute top-1/2 right-0 -translate-y-1/2 rounded-full"
            aria-label="Next slide"
            disabled={!canScrollNext}
            onClick={() => api?.scrollNext()}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </>
      ) : null}
    </div>
  )
}
