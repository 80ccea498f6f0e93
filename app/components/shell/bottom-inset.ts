/**
 * The bars fixed to the bottom of the window (the consent banner, the admin bar) publish
 * their height here, so a floating control (the chat launcher) sits above them instead of
 * under them: never hidden, its focus ring never covered (WCAG 2.4.11).
 */
import { useLayoutEffect, useSyncExternalStore, type RefObject } from 'react'

const heights = new Map<string, number>()
const listeners = new Set<() => void>()
let snapshot: { total: number; keys: ReadonlySet<string> } = { total: 0, keys: new Set() }

function publish() {
  snapshot = { total: [...heights.values()].reduce((sum, height) => sum + height, 0), keys: new Set(heights.keys()) }
  for (const listener of listeners) listener()
}

/** Publishes the element's height under `key` while it is mounted (before the first paint, then on every resize). */
export function useBottomBar(key: string, ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      heights.set(key, Math.ceil(element.getBoundingClientRect().height))
      publish()
    }
    measure()
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      heights.delete(key)
      publish()
    }
  }, [key, ref])
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const emptySnapshot = { total: 0, keys: new Set<string>() }

/** The bottom bars' total height, and which bars are there. */
export function useBottomInset(): { total: number; keys: ReadonlySet<string> } {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => emptySnapshot,
  )
}
