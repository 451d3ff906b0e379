import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { KeyboardEventHandler, ReactNode, Ref } from 'react'
import { cn } from '../lib/cn'
import { Button } from './ui/button'

export type CarouselSlide = { key: string; content: ReactNode }

/** Arrows appear only when there are more than two slides. */
export const CAROUSEL_ARROWS_ABOVE = 2

export type CarouselViewProps = {
  label: string
  slides: CarouselSlide[]
  className?: string
  viewportRef?: Ref<HTMLDivElement>
  canScrollPrev?: boolean
  canScrollNext?: boolean
  onPrev?: () => void
  onNext?: () => void
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>
}

/**
 * The carousel's markup without embla: one slide per view below 768 px, two from 768 px up. Drawn
 * on its own while embla loads (same size, arrows disabled), then driven by Carousel.
 */
export function CarouselView({
  label,
  slides,
  className,
  viewportRef,
  canScrollPrev = false,
  canScrollNext = false,
  onPrev,
  onNext,
  onKeyDown,
}: CarouselViewProps) {
  const hasArrows = slides.length > CAROUSEL_ARROWS_ABOVE
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
        onKeyDown={onKeyDown}
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
            onClick={onPrev}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="absolute top-1/2 right-0 -translate-y-1/2 rounded-full"
            aria-label="Next slide"
            disabled={!canScrollNext}
            onClick={onNext}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </>
      ) : null}
    </div>
  )
}
