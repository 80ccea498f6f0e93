// @vitest-environment happy-dom
import { act, Component, Suspense, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reloadAfterChunkError } from './chunk-reload'
import { lazyWithPreload } from './lazy'

// The reload itself (its minute guard, offline) is chunk-reload's, tested with it; here, who asks for it.
vi.mock('./chunk-reload', async (original) => ({
  ...(await original<typeof import('./chunk-reload')>()),
  reloadAfterChunkError: vi.fn(() => false),
}))

const missing = () => new TypeError('Failed to fetch dynamically imported module: /assets/menu-popover-x.js')
const Here = () => <p>here</p>
const flush = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)))

class Caught extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children
  }
}

let root: Root | undefined
let container: HTMLElement
beforeEach(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
  vi.mocked(reloadAfterChunkError).mockClear()
  container = document.body.appendChild(document.createElement('div'))
})
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
})

async function show(element: ReactNode) {
  // The boundary shows the failure; React's report of an error it caught is not this test's.
  root = createRoot(container, { onCaughtError: () => {} })
  await act(async () => root!.render(<Caught>{<Suspense fallback={<p>loading</p>}>{element}</Suspense>}</Caught>))
  await flush()
  return container.textContent
}

describe('lazyWithPreload (docs/decisions/062)', () => {
  it('forgets a preload that failed: no reload, and the render loads the code again', async () => {
    const load = vi.fn().mockRejectedValueOnce(missing()).mockResolvedValue({ default: Here })
    const Lazy = lazyWithPreload(load)
    expect(await Lazy.fetchAhead()).toBe(false)
    expect(reloadAfterChunkError).not.toHaveBeenCalled()
    expect(await show(<Lazy />)).toBe('here')
    expect(load).toHaveBeenCalledTimes(2)
    expect(reloadAfterChunkError).not.toHaveBeenCalled()
  })

  it('asks for the reload when the render that needs the code cannot load it', async () => {
    const error = missing()
    const Lazy = lazyWithPreload<object>(() => Promise.reject(error))
    vi.mocked(reloadAfterChunkError).mockReturnValueOnce(true)
    // The page is reloading: the fallback stays until it goes.
    expect(await show(<Lazy />)).toBe('loading')
    expect(reloadAfterChunkError).toHaveBeenCalledExactlyOnceWith(error)
  })

  it('keeps the page when the code cannot load and no reload comes (offline): nothing shown, and shown once back online', async () => {
    const load = vi.fn().mockRejectedValueOnce(missing()).mockResolvedValue({ default: Here })
    const Lazy = lazyWithPreload(load)
    // The page around it stays: nothing reaches the boundary above (the route's error screen).
    expect(await show(<Lazy />)).toBe('')
    expect(reloadAfterChunkError).toHaveBeenCalledOnce()
    await act(async () => window.dispatchEvent(new Event('online')))
    await flush()
    expect(container.textContent).toBe('here')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('asks for the reload when a preload on its way fails while the render waits for it', async () => {
    const error = missing()
    let fail: (reason: unknown) => void = () => {}
    const Lazy = lazyWithPreload<object>(() => new Promise((_, reject) => (fail = reject)))
    const preloaded = Lazy.fetchAhead()
    expect(await show(<Lazy />)).toBe('loading')
    fail(error)
    await flush()
    expect(container.textContent).toBe('')
    expect(await preloaded).toBe(false)
    expect(reloadAfterChunkError).toHaveBeenCalledExactlyOnceWith(error)
  })

  it("leaves an error of the part's own to the boundary above", async () => {
    const Broken = () => {
      throw new Error('a bug in the part')
    }
    const Lazy = lazyWithPreload(() => Promise.resolve({ default: Broken }))
    expect(await show(<Lazy />)).toBe('failed')
    expect(reloadAfterChunkError).not.toHaveBeenCalled()
  })

  it('starts the fetch after the next paint, not in the handler that asks for it (docs/decisions/064)', async () => {
    const load = vi.fn().mockResolvedValue({ default: Here })
    const Lazy = lazyWithPreload(load)
    Lazy.preload()
    Lazy.preload()
    expect(load).not.toHaveBeenCalled()
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    expect(load).toHaveBeenCalledOnce()
  })

  it('shares one load between a preload and the render while it is on its way', async () => {
    const load = vi.fn().mockResolvedValue({ default: Here })
    const Lazy = lazyWithPreload(load)
    const preloaded = Lazy.fetchAhead()
    expect(await show(<Lazy />)).toBe('here')
    expect(await preloaded).toBe(true)
    expect(load).toHaveBeenCalledOnce()
  })
})
