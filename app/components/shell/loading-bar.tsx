/**
 * Requirements §2, §4 and §9: a thin progress bar while navigation data loads; it fails (error
 * colour) when the navigation ends in an error. Screen readers hear only a polite
 * "Loading" status.
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { siteConfig } from '../../config/site'
import { createLoadingBar, idleLoadingBar } from '../../lib/loading-bar'
import { m } from '../../paraglide/messages'

export function LoadingBar() {
  const router = useRouter()
  const [state, setState] = useState(idleLoadingBar)

  useEffect(() => {
    // Requirements §9.4: the fetch minimum delay is the bar's throttle, and a bar once shown stays pendingMinMs.
    const bar = createLoadingBar(
      { ...siteConfig.loadingBar, throttleMs: siteConfig.timing.fetchMinDelayMs, minVisibleMs: siteConfig.timing.pendingMinMs },
      setState,
    )
    const unsubscribeStart = router.subscribe('onBeforeLoad', (event) => {
      if (event.pathChanged || event.hrefChanged) bar.start()
    })
    const unsubscribeEnd = router.subscribe('onResolved', () => {
      const failed = router.state.matches.some((match) => match.status === 'error')
      if (failed) bar.fail()
      else bar.finish()
    })
    return () => {
      unsubscribeStart()
      unsubscribeEnd()
      bar.dispose()
    }
  }, [router])

  return (
    <>
      <div
        aria-hidden="true"
        data-testid="loading-bar"
        data-state={state.failed ? 'failed' : state.visible ? 'loading' : 'idle'}
        className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]"
      >
        <div
          className={`h-full transition-[width,opacity] duration-100 ease-out ${state.failed ? 'bg-danger' : 'bg-accent'} ${state.visible ? 'opacity-100' : 'opacity-0'}`}
          style={{ width: `${state.percent}%` }}
        />
      </div>
      <div role="status" aria-live="polite" className="sr-only">
        {state.loading && state.visible ? m.loading() : ''}
      </div>
    </>
  )
}
