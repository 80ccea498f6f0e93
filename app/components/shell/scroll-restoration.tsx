/**
 * Back and Forward return to where the visitor was (requirements §9). The router restores
 * the window's scroll position once, on the first render of the page returned to
 * (router.tsx: `scrollRestoration`). At that moment a page whose block code has not
 * arrived yet is shorter than when the visitor left it (an island renders nothing until
 * its code is there: app/ui/island.tsx), so the browser stops the scroll short. This
 * finishes the job: as the document grows, it scrolls on to the recorded position, until
 * it is reached, the visitor scrolls or types themselves, or `FOLLOW_MS` have passed.
 *
 * Sections far from the viewport skip their rendering and stand in at an estimated height
 * until they are first rendered (app/styles.css, decision 048). So positions are recorded and
 * restored as every part at its real height gives them: `data-scroll-restoring` on <html> has
 * every part render while a position is taken (leaving a page, `pagehide`) and while one is
 * restored: from the start of a navigation until the restoring is done, and on a full load (a
 * reload, Back from another site) from the head script below until the page has hydrated, the
 * router's inline script having scrolled meanwhile.
 */
import { useRouter, type ParsedLocation } from '@tanstack/react-router'
import { storageKey } from '@tanstack/router-core'
import { useEffect } from 'react'

const RESTORING = 'data-scroll-restoring'
/**
 * The parts of a page, in order: its sections, and whatever else may skip its rendering (an
 * article's tags, share links, comments and sidebar; the footer): what holds a place.
 */
const PARTS = '[data-section], [data-below-fold]'

/**
 * Inlined in the head: marks a full load that the router's inline script will scroll back to a
 * recorded position (the same entry of the same storage it reads). Covered by the page's CSP
 * hash or nonce like every inline script (decision 010).
 */
export function scrollRestoringScript(): string {
  return `(function(){try{var e=JSON.parse(sessionStorage.getItem(${JSON.stringify(storageKey)})||"{}")[history.state&&history.state.__TSR_key],w=e&&e.window;if(w&&(w.scrollY>0||w.scrollX>0))document.documentElement.setAttribute(${JSON.stringify(RESTORING)},"")}catch(x){}})()`
}

/**
 * Sets the mark at once; takes it away only after a frame has been rendered with it, because
 * an element's size is kept for later (`contain-intrinsic-block-size: auto`) only when a frame
 * renders it. Taken away in the same task, the parts off screen would drop back to their
 * estimated height, and the position just restored would land on other content.
 */
let restoringFrame = 0
function restoring(on: boolean) {
  cancelAnimationFrame(restoringFrame)
  if (on) document.documentElement.setAttribute(RESTORING, '')
  else
    restoringFrame = requestAnimationFrame(() => {
      restoringFrame = requestAnimationFrame(() => document.documentElement.removeAttribute(RESTORING))
    })
}

/** Long enough for a page's block code to arrive on a slow connection; short enough never to fight a reader. */
const FOLLOW_MS = 3000
const NEAR_PX = 1
const INPUT_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/** The router's key for a history entry (its default `getScrollRestorationKey`). */
const keyOf = (location: ParsedLocation) => location.state.__TSR_key ?? location.href

export function ScrollRestorationFollower() {
  const router = useRouter()
  useEffect(() => {
    // A full load's position was restored before hydration, with every part rendered: each keeps its size from here on.
    restoring(false)
    // Where each history entry was left, as the offset with every part at its real height. So
    // every part is rendered first, and the window scrolled by what the parts above the one on
    // screen gained or lost, which keeps what the visitor sees in place. (The browser's own scroll
    // anchoring does not: a part's change of `content-visibility` suspends it.) The router takes
    // its own record of a navigation just after (its `onBeforeLoad`): the same offset.
    const left = new Map<string, { x: number; y: number }>()
    const measured = () => {
      const middle = window.innerHeight / 2
      const onScreen = [...document.querySelectorAll(PARTS)].find((part) => part.getBoundingClientRect().bottom > middle)
      const before = onScreen?.getBoundingClientRect().top
      restoring(true)
      if (onScreen && before !== undefined) window.scrollBy({ top: onScreen.getBoundingClientRect().top - before, behavior: 'instant' })
      return { x: window.scrollX, y: window.scrollY }
    }
    let stopFollowing: (() => void) | undefined
    const unsubscribeLeave = router.subscribe('onBeforeNavigate', (event) => {
      if (event.fromLocation && event.hrefChanged) left.set(keyOf(event.fromLocation), measured())
    })
    const unsubscribeRender = router.subscribe('onRendered', (event) => {
      stopFollowing?.()
      stopFollowing = undefined
      const target = event.fromLocation && !event.toLocation.hash ? left.get(keyOf(event.toLocation)) : undefined
      if (!target || Math.abs(window.scrollY - target.y) <= NEAR_PX) {
        restoring(false)
        return
      }
      // Again: stopping a follow still running from an earlier restore scheduled the mark's removal.
      restoring(true)
      stopFollowing = follow(target.x, target.y, () => restoring(false))
    })
    // A reload, or leaving the site: the offset the router keeps in sessionStorage for the next load,
    // written here too, so that whichever of the two listeners runs last, the entry holds it.
    const onPageHide = () => {
      const location = router.state.resolvedLocation ?? router.state.location
      keepForNextLoad(keyOf(location), measured())
    }
    const onPageShow = (event: PageTransitionEvent) => event.persisted && restoring(false)
    window.addEventListener('pagehide', onPageHide)
    window.addEventListener('pageshow', onPageShow)
    return () => {
      unsubscribeLeave()
      unsubscribeRender()
      stopFollowing?.()
      window.removeEventListener('pagehide', onPageHide)
      window.removeEventListener('pageshow', onPageShow)
    }
  }, [router])
  return null
}

/** Writes the window's offset into the router's stored entry (the storage its inline script reads on a reload). */
function keepForNextLoad(key: string, { x, y }: { x: number; y: number }) {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, Record<string, unknown>>
    stored[key] = { ...stored[key], window: { scrollX: x, scrollY: y } }
    sessionStorage.setItem(storageKey, JSON.stringify(stored))
  } catch {
    // Storage blocked or full: the router's own record stands.
  }
}

/** Scrolls on to the position as the document grows; `done` runs once it stops, whatever stopped it. */
function follow(left: number, top: number, done: () => void): () => void {
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
    for (const type of INPUT_EVENTS) window.removeEventListener(type, stop, { capture: true })
    done()
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
