/**
 * Code that loads when it is needed (requirements §11.1: overlays, menus, forms and the consent
 * preferences are not in the first load): React.lazy with a `preload()` for a trigger's
 * hover or focus, or idle time, so the code is usually there before the press.
 *
 * A chunk that cannot be loaded (a newer deploy removed it) reloads the page, once a minute
 * at most, but only when the visitor is waiting for it: the render that needs the code. A
 * preload that fails is forgotten, and the press loads the code again (docs/decisions/062).
 * A render whose code cannot load and that does not reload (offline, or a second failure
 * within the minute) shows nothing instead of the part, and tries again once the browser is
 * back online: the page stays as it was, never the error screen. A browser that keeps a failed
 * module's failure for the page's life (Debian's Chromium 150; a failed modulepreload of a
 * shared chunk poisons every chunk importing it too) fails that try at once, online, and the
 * reload rule then reloads the page: the one way to the code there (tests/e2e/shell.spec.ts).
 */
import { Component, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { isChunkLoadError } from '../lib/chunk-reload'
import { afterNextPaint } from '../lib/tasks'
import { ignoreFailureAheadOfNeed, reloadAfterChunkError } from './chunk-reload'

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Fetches the code ahead of need (a hover, a focus, idle time); a failure is forgotten. */
  preload: () => void
  /** The same, for a caller that waits: resolves whether the code is here. */
  fetchAhead: () => Promise<boolean>
}

/**
 * Holds a part whose code could not be loaded: it renders nothing, and says so once. Any other
 * error is the part's own, and goes on to the boundary above, as it would without this one.
 */
class MissingCode extends Component<{ children: ReactNode; onMissing: () => void }, { error: { thrown: unknown } | null }> {
  override state: { error: { thrown: unknown } | null } = { error: null }
  static getDerivedStateFromError(thrown: unknown) {
    return { error: { thrown } }
  }
  override componentDidCatch(thrown: unknown) {
    if (isChunkLoadError(thrown)) this.props.onMissing()
  }
  override render() {
    const { error } = this.state
    if (error === null) return this.props.children
    if (isChunkLoadError(error.thrown)) return null
    throw error.thrown
  }
}

export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  // The fetch starts after the next paint: what asks for it is mostly an input's handler (a
  // pointer over a trigger, the press that opens it), and starting it (Vite's module preloads,
  // which the browser sets up on the spot) was most of that input's latency on a phone
  // (docs/decisions/064-code-fetched-after-the-paint.md).
  const start = () =>
    (loading ??= afterNextPaint()
      .then(load)
      .catch((error: unknown) => {
        loading = undefined
        throw error
      }))
  // React keeps a lazy component's failure for good: each attempt after one is a lazy of its own.
  const attempt = () =>
    lazy(() =>
      start().catch((error: unknown) => {
        // The page is reloading: the part's fallback stays until it goes.
        if (reloadAfterChunkError(error)) return new Promise<never>(() => {})
        throw error
      }),
    )
  let Loaded = attempt()

  function WithPreload(props: P) {
    const [tries, setTries] = useState(0)
    const [missing, setMissing] = useState(false)
    useEffect(() => {
      if (!missing) return
      const again = () => {
        setMissing(false)
        setTries((count) => count + 1)
      }
      window.addEventListener('online', again)
      return () => window.removeEventListener('online', again)
    }, [missing])
    if (missing) return null
    return (
      <MissingCode
        key={tries}
        onMissing={() => {
          Loaded = attempt()
          setMissing(true)
        }}
      >
        <Loaded {...props} />
      </MissingCode>
    )
  }

  const fetchAhead = () => start().then(() => true, ignoreFailureAheadOfNeed)
  return Object.assign(WithPreload, { fetchAhead, preload: () => void fetchAhead() })
}
