/**
 * Back and Forward return to where the visitor was (requirements §9). The router restores
 * the window's scroll position once, on the first render of the page returned to
 * (router.tsx: `scrollRestoration`). At that moment a page whose block code has not
 * arrived yet is shorter than when the visitor left it (an island renders nothing until
 * its code is there: app/ui/island.tsx), so the browser stops the scroll short. This
 * finishes the job: as the document grows, it scrolls on to the recorded position, until
 * it is reached, the visitor scrolls or types themselves, or `FOLLOW_MS` have passed.
 */
import { useRouter, type ParsedLocation } from '@tanstack/react-router'
import { useEffect } from 'react'

/** Long enough for a page's block code to arrive on a slow connection; short enough never to fight a reader. */
const FOLLOW_MS = 3000
const NEAR_PX = 1
const INPUT_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/** The router's key for a history entry (its default `getScrollRestorationKey`). */
const keyOf = (location: ParsedLocation) => location.state.__TSR_key ?? location.href

export function ScrollRestorationFollower() {
  const router = useRouter()
  useEffect(() => {
    // Where each history entry was left, recorded as the router records it: when a navigation away begins.
    const left = new Map<string, { x: number; y: number }>()
    let stopFollowing: (() => void) | undefined
    const unsubscribeLeave = router.subscribe('onBeforeLoad', (event) => {
      if (event.fromLocation && event.hrefChanged) left.set(keyOf(event.fromLocation), { x: window.scrollX, y: window.scrollY })
    })
    const unsubscribeRender = router.subscribe('onRendered', (event) => {
      stopFollowing?.()
      stopFollowing = undefined
      if (!event.fromLocation || event.toLocation.hash) return
      const target = left.get(keyOf(event.toLocation))
      if (!target || Math.abs(window.scrollY - target.y) <= NEAR_PX) return
      stopFollowing = follow(target.x, target.y)
    })
    return () => {
      unsubscribeLeave()
      unsubscribeRender()
      stopFollowing?.()
    }
  }, [router])
  return null
}

function follow(left: number, top: number): () => void {
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
    for (const type of INPUT_EVENTS) window.removeEventListener(type, stop, { capture: true })
  }
  const scroll = () => {
    window.scrollTo({ left, top, behavior: 'instant' })
    if (Math.abs(window.scrollY - top) <= NEAR_PX) stop()
  }
  const observer = new ResizeObserver(scroll)
  observer.observe(document.body)
  const timer = setTimeout(stop, FOLLOW_MS)
  for (const type of INPUT_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true })
  return stop
}
