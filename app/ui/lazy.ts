/**
 * Code that loads when it is needed (requirements §11.1: overlays, menus, forms and the consent
 * preferences are not in the first load): React.lazy with a `preload()` for a trigger's
 * hover or focus, or idle time, so the code is usually there before the press.
 *
 * A chunk that cannot be loaded (a newer deploy removed it) reloads the page, once a minute
 * at most, but only when the visitor is waiting for it: the render that needs the code. A
 * preload that fails is forgotten, and the press loads the code again (docs/decisions/062).
 */
import { lazy, type ComponentType } from 'react'
import { ignoreFailureAheadOfNeed, reloadAfterChunkError } from './chunk-reload'

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Fetches the code ahead of need (a hover, a focus, idle time); a failure is forgotten. */
  preload: () => void
  /** The same, for a caller that waits: resolves whether the code is here. */
  fetchAhead: () => Promise<boolean>
}

export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const start = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  const component = lazy(() =>
    start().catch((error: unknown) => {
      reloadAfterChunkError(error)
      throw error
    }),
  )
  const fetchAhead = () => start().then(() => true, ignoreFailureAheadOfNeed)
  return Object.assign(component, { fetchAhead, preload: () => void fetchAhead() })
}
