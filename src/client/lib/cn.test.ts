import fs from 'node:fs'
import path from 'node:path'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { buttonVariants } from '../components/ui/button'
import { cn } from './cn'

const clientDir = path.resolve(import.meta.dirname, '..')

/** Every whitespace-separated word of every string literal in src/client (tests aside): a superset of our classes. */
function sourceWords(): string[] {
  const words = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (
        /\.tsx?$/.test(entry.name) &&
        !entry.name.includes('.test.') &&
        entry.name !== 'tailwind-merge-config.ts'
      ) {
        const source = fs.readFileSync(file, 'utf8')
        for (const match of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
          for (const word of (match[1] ?? match[2] ?? match[3] ?? '').split(/\s+/)) if (word) words.add(word)
        }
      }
    }
  }
  walk(clientDir)
  return [...words].sort()
}

describe('cn', () => {
  const words = sourceWords()
  // The words the full tailwind-merge reads as Tailwind classes: it drops the first of two equal ones.
  const classes = words.filter((word) => twMerge(word, word) === word)

  it('finds the classes of our components', () => {
    expect(classes).toContain('bg-blue-700')
    expect(classes).toContain('sm:min-h-[28rem]')
    expect(classes.length).toBeGreaterThan(300)
  })

  it('tells Tailwind classes from other words as the full tailwind-merge does', () => {
    const differing = words.filter((word) => cn(word, word) !== twMerge(word, word))
    expect(differing).toEqual([])
  })

  it('merges every pair of our classes as the full tailwind-merge does', () => {
    const differing: string[] = []
    for (const first of classes) {
      for (const second of classes) {
        const expected = twMerge(first, second)
        if (cn(first, second) !== expected) differing.push(`${first} ${second} -> ${expected}`)
      }
    }
    expect(differing).toEqual([])
    // About 10^5 pairs: a second on a quiet machine, several on a busy one. The limit is for a hang only.
  }, 120_000)

  it('lets a className override the component default it conflicts with', () => {
    // Button variants + className (button.tsx), as the pages pass them.
    expect(cn(buttonVariants({ variant: 'outline', size: 'icon' }), 'size-8')).toBe(
      twMerge(buttonVariants({ variant: 'outline', size: 'icon' }), 'size-8'),
    )
    expect(cn(buttonVariants(), 'self-start sm:self-auto')).toBe(
      twMerge(buttonVariants(), 'self-start sm:self-auto'),
    )
    // Spinner of the map example: py-0 replaces the spinner's py-12 (spinner.tsx, map-example.tsx).
    expect(cn('flex items-center justify-center gap-2 py-12 text-slate-700', 'aspect-[4/3] py-0')).toBe(
      'flex items-center justify-center gap-2 text-slate-700 aspect-[4/3] py-0',
    )
    // CardContent pt-6 replaces the card's pt-0; PageContainer max-w-6xl replaces max-w-5xl.
    expect(cn('p-6 pt-0', 'pt-6 text-slate-800')).toBe('p-6 pt-6 text-slate-800')
    expect(cn('mx-auto max-w-5xl px-4 py-10', 'max-w-6xl space-y-14')).toBe(
      'mx-auto px-4 py-10 max-w-6xl space-y-14',
    )
    // Font size and colour share the text- prefix without conflicting; sizes do conflict.
    expect(cn('text-sm text-slate-900', 'text-lg')).toBe('text-slate-900 text-lg')
    expect(cn('text-sm text-slate-900', 'text-white')).toBe('text-sm text-white')
    expect(cn('border border-slate-200', 'border-2 border-red-700')).toBe('border-2 border-red-700')
    expect(cn('p-6', 'px-4', false, undefined, 'p-2')).toBe('p-2')
  })
})
