/**
 * Requirements §2, §4 and §8 document behaviour: route changes are announced and focus moves to
 * the new page's heading; the online/offline status follows browser events. And a tap before
 * hydration is not lost (decision 057). A chunk that fails to load is not handled here: the
 * code waiting for it reloads the page (app/ui/chunk-reload.ts), and code fetched ahead of
 * need does not (docs/decisions/062).
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react'
import { HYDRATED_EVENT } from '../../lib/tap-replay'
import { m } from '../../paraglide/messages'
import { WifiOffIcon } from '../../ui/icons'

/** Announces each completed navigation and moves focus to the new page's h1. */
export function RouteAnnouncer() {
  const router = useRouter()
  const [message, setMessage] = useState('')
  useEffect(() => {
    return router.subscribe('onResolved', (event) => {
      if (!event.fromLocation || !event.pathChanged) return
      // Wait for the new page to paint before reading its title and heading; a heading in
      // a block whose code is still loading is focused when it arrives (within 3 s).
      requestAnimationFrame(() => {
        setMessage(document.title)
        if (window.location.hash) return
        const focusHeading = () => {
          const heading = document.querySelector<HTMLElement>('main h1')
          if (!heading) return false
          heading.setAttribute('tabindex', '-1')
          heading.focus({ preventScroll: true })
          return true
        }
        if (focusHeading()) return
        const main = document.querySelector('main')
        if (!main) return
        const startedIn = document.activeElement
        const observer = new MutationObserver(() => {
          // The visitor moved on in the meantime: leave their focus alone.
          if (document.activeElement !== startedIn || focusHeading()) observer.disconnect()
        })
        observer.observe(main, { childList: true, subtree: true })
        setTimeout(() => observer.disconnect(), 3000)
      })
    })
  }, [router])
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  )
}

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback)
  window.addEventListener('offline', callback)
  return () => {
    window.removeEventListener('online', callback)
    window.removeEventListener('offline', callback)
  }
}

/** Requirements §4: online or offline status follows browser events. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
}

export function OfflineNotice() {
  const online = useOnline()
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {!online && (
        <p
          className="pointer-events-auto flex items-center gap-2 rounded-full bg-ink px-5 py-2.5 text-sm font-bold text-surface shadow-lg"
          data-testid="offline-notice"
        >
          <WifiOffIcon size={18} />
          {m.offline_notice()}
        </p>
      )}
    </div>
  )
}

/**
 * Tells the head script that the page has hydrated, so that it makes again a tap that came
 * before (app/lib/tap-replay.ts, decision 057). A layout effect: it runs in the commit itself,
 * also when React hydrates at once for a tap, inside that tap's dispatch.
 */
export function useHydratedSignal() {
  useLayoutEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT))
  }, [])
}
