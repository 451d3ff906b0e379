import { act, render, screen } from '@testing-library/react'
import { type ComponentType, type ReactElement, Suspense, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyPart, loadRenderedParts } from './lazy-part'

let next = 0
const uniqueId = (name: string) => `${name}-${++next}`

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

function Counter() {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      count {count}
    </button>
  )
}

function Parent({ part: Part }: { part: ComponentType }) {
  const [, setTick] = useState(0)
  return (
    <>
      <button type="button" onClick={() => setTick((t) => t + 1)}>
        rerender
      </button>
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>
    </>
  )
}

describe('lazyPart', () => {
  it('suspends until its code is there, like React.lazy', async () => {
    const code = deferred<() => ReactElement>()
    const Part = lazyPart(uniqueId('part'), () => code.promise)
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    )
    expect(screen.getByText('loading')).toBeTruthy()
    await act(async () => code.resolve(() => <p>part</p>))
    expect(screen.getByText('part')).toBeTruthy()
  })

  it('renders at once, without its fallback, once loadRenderedParts has loaded it', async () => {
    const id = uniqueId('loaded')
    let loads = 0
    const Part = lazyPart(id, async () => {
      loads++
      return () => <p>here at once</p>
    })
    await loadRenderedParts([id])
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    )
    // Synchronously after the render: no fallback was ever committed.
    expect(screen.getByText('here at once')).toBeTruthy()
    expect(screen.queryByText('loading')).toBeNull()
    expect(loads).toBe(1)
  })

  it('loads parts that only become known when their parent part’s code runs', async () => {
    const childId = uniqueId('child')
    const parentId = uniqueId('parent')
    let Child: ReturnType<typeof lazyPart> | undefined
    const Parent = lazyPart(parentId, async () => {
      // The parent's chunk declares the child part when it is evaluated.
      Child = lazyPart(childId, async () => () => <p>child</p>)
      return () => (Child ? <Child /> : null)
    })
    await loadRenderedParts([parentId, childId, 'not-a-part'])
    render(
      <Suspense fallback={<p>loading</p>}>
        <Parent />
      </Suspense>,
    )
    expect(screen.getByText('child')).toBeTruthy()
  })

  it('keeps a part mounted (and its state) when its parent renders again after the code arrived', async () => {
    const code = deferred<() => ReactElement>()
    const Part = lazyPart(uniqueId('stateful'), () => code.promise)
    render(<Parent part={Part} />)
    await act(async () => code.resolve(Counter))
    await act(async () => screen.getByText('count 0').click())
    await act(async () => screen.getByText('rerender').click())
    expect(screen.getByText('count 1')).toBeTruthy()
  })

  it('tries again after a failed load', async () => {
    const id = uniqueId('flaky')
    let attempts = 0
    lazyPart(id, async () => {
      attempts++
      if (attempts === 1) throw new Error('network')
      return () => <p>ok</p>
    })
    await loadRenderedParts([id])
    await loadRenderedParts([id])
    expect(attempts).toBe(2)
  })
})
