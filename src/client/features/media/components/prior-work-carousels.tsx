import { useEffect } from 'react'
import type { MediaItemDto } from '../../../../shared/dto'
import { Carousel } from '../../../components/carousel'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/use-toast'
import { useMedia } from '../api/get-media'

type HeadingLevel = 2 | 3

function CarouselBlock({
  id,
  title,
  label,
  items,
  isPending,
  emptyMessage,
  headingLevel,
}: {
  id: string
  title: string
  label: string
  items: MediaItemDto[]
  isPending: boolean
  emptyMessage: string
  headingLevel: HeadingLevel
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby={id} className="space-y-4">
      <Heading id={id} className={headingLevel === 2 ? 'text-2xl md:text-3xl' : 'text-xl md:text-2xl'}>
        {title}
      </Heading>
      {isPending ? (
        <Spinner label={`Loading ${label.toLowerCase()}...`} />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-400 bg-slate-50 p-8 text-center text-slate-700">
          {emptyMessage}
        </p>
      ) : (
        <Carousel
          label={label}
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
    </section>
  )
}

/** Spec section 2: the front and back example carousels, used on /prior-work and on /. */
export function PriorWorkCarousels({ headingLevel = 2 }: { headingLevel?: HeadingLevel }) {
  const front = useMedia('postcard_front')
  const back = useMedia('postcard_back')
  const failure = front.error ?? back.error

  useEffect(() => {
    if (!failure) return
    console.error(failure)
    toast({ variant: 'destructive', title: 'Error', description: 'Failed to load prior work examples.' })
  }, [failure])

  return (
    <div className="space-y-10">
      <CarouselBlock
        id={`postcard-front-${headingLevel}`}
        title="Postcard Front"
        label="Postcard front examples"
        items={front.data?.items ?? []}
        isPending={front.isPending}
        emptyMessage="No postcard front examples yet. Check back soon."
        headingLevel={headingLevel}
      />
      <CarouselBlock
        id={`postcard-back-${headingLevel}`}
        title="Postcard Back"
        label="Postcard back examples"
        items={back.data?.items ?? []}
        isPending={back.isPending}
        emptyMessage="No postcard back examples yet. Check back soon."
        headingLevel={headingLevel}
      />
    </div>
  )
}
