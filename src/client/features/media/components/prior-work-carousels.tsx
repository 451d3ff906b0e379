import { useEffect } from 'react'
import { LazyCarousel } from '#client/components/lazy-carousel.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import type { MediaItemDto } from '#shared/dto.ts'
import { useMedia } from '../api/get-media'
import { type HeadingLevel, PRIOR_WORK_BLOCKS, PriorWorkBlock, PriorWorkSpinner } from './prior-work-frame'

function CarouselBlock({
  block,
  items,
  isPending,
  headingLevel,
}: {
  block: (typeof PRIOR_WORK_BLOCKS)[number]
  items: MediaItemDto[]
  isPending: boolean
  headingLevel: HeadingLevel
}) {
  return (
    <PriorWorkBlock block={block} headingLevel={headingLevel}>
      {isPending ? (
        <PriorWorkSpinner block={block} />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-400 bg-slate-50 p-8 text-center text-slate-700">
          {block.emptyMessage}
        </p>
      ) : (
        <LazyCarousel
          label={block.label}
          slides={items.map((item) => ({
            key: item.id,
            content: (
              <img
                src={item.url}
                alt={item.title}
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
              />
            ),
          }))}
        />
      )}
    </PriorWorkBlock>
  )
}

/** The front and back example carousels, used on /prior-work and on /. */
export function PriorWorkCarousels({ headingLevel = 2 }: { headingLevel?: HeadingLevel }) {
  const [frontBlock, backBlock] = PRIOR_WORK_BLOCKS
  const front = useMedia(frontBlock.type)
  const back = useMedia(backBlock.type)
  const failure = front.error ?? back.error

  useEffect(() => {
    if (!failure) return
    console.error(failure)
    toast({ variant: 'destructive', title: 'Error', description: 'Failed to load prior work examples.' })
  }, [failure])

  return (
    <div className="space-y-10">
      <CarouselBlock
        block={frontBlock}
        items={front.data?.items ?? []}
        isPending={front.isPending}
        headingLevel={headingLevel}
      />
      <CarouselBlock
        block={backBlock}
        items={back.data?.items ?? []}
        isPending={back.isPending}
        headingLevel={headingLevel}
      />
    </div>
  )
}
