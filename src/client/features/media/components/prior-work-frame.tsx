import type { ReactNode } from 'react'
import { Spinner } from '#client/components/ui/spinner.tsx'

export type HeadingLevel = 2 | 3

/** The two prior-work blocks, front then back. */
export const PRIOR_WORK_BLOCKS = [
  {
    type: 'postcard_front',
    id: 'postcard-front',
    title: 'Postcard Front',
    label: 'Postcard front examples',
    emptyMessage: 'No postcard front examples yet. Check back soon.',
  },
  {
    type: 'postcard_back',
    id: 'postcard-back',
    title: 'Postcard Back',
    label: 'Postcard back examples',
    emptyMessage: 'No postcard back examples yet. Check back soon.',
  },
] as const

type Block = (typeof PRIOR_WORK_BLOCKS)[number]

/** One block's section and heading around its content. */
export function PriorWorkBlock({
  block,
  headingLevel,
  children,
}: {
  block: Block
  headingLevel: HeadingLevel
  children: ReactNode
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const id = `${block.id}-${headingLevel}`
  return (
    <section aria-labelledby={id} className="space-y-4">
      <Heading id={id} className={headingLevel === 2 ? 'text-2xl md:text-3xl' : 'text-xl md:text-2xl'}>
        {block.title}
      </Heading>
      {children}
    </section>
  )
}

export function PriorWorkSpinner({ block }: { block: Block }) {
  return <Spinner label={`Loading ${block.label.toLowerCase()}...`} />
}

/**
 * The carousels while their code loads (the home page loads them lazily, below the fold): the same
 * markup as while their images load, so nothing moves when they arrive.
 */
export function PriorWorkPlaceholder({ headingLevel }: { headingLevel: HeadingLevel }) {
  return (
    <div className="space-y-10">
      {PRIOR_WORK_BLOCKS.map((block) => (
        <PriorWorkBlock key={block.id} block={block} headingLevel={headingLevel}>
          <PriorWorkSpinner block={block} />
        </PriorWorkBlock>
      ))}
    </div>
  )
}
