/**
 * A popup's content as its dialog shows it: fetched when the dialog opens, and kept for five
 * minutes, so opening it again shows it at once (app/lib/recent-values.ts). A failed request
 * is not kept: the next opening tries again.
 */
import { useEffect, useState } from 'react'
import type { Locale } from '../../../config/site'
import { requestPopup } from '../../../content-requests'
import { recentValues } from '../../../lib/recent-values'
import { reloadAfterChunkError } from '../../../ui/chunk-reload'

type Popup = Awaited<ReturnType<typeof requestPopup>>

export type PopupRequest = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: Popup }

const popups = recentValues<Popup>(5 * 60_000)
/** Requests under way: two dialogs (or React's development double effect) share one. */
const inFlight = new Map<string, Promise<Popup>>()

function requestOnce(key: string, locale: Locale, id: string): Promise<Popup> {
  let request = inFlight.get(key)
  if (!request) {
    request = requestPopup({ locale, id }).then((popup) => {
      popups.set(key, popup)
      return popup
    })
    inFlight.set(key, request)
    const done = () => inFlight.delete(key)
    request.then(done, done)
  }
  return request
}

const stateOf = (key: string): PopupRequest => {
  const data = popups.get(key)
  return data ? { status: 'success', data } : { status: 'pending' }
}

export function usePopup(locale: Locale, id: string): PopupRequest {
  const key = `${locale} ${id}`
  const [state, setState] = useState(() => ({ key, request: stateOf(key) }))
  useEffect(() => {
    if (popups.get(key)) return
    let current = true
    requestOnce(key, locale, id).then(
      (data) => current && setState({ key, request: { status: 'success', data } }),
      (error: unknown) => {
        // The request's code failing to load (a newer deploy removed it) reloads the page (requirements §8).
        reloadAfterChunkError(error)
        if (current) setState({ key, request: { status: 'error' } })
      },
    )
    return () => {
      current = false
    }
  }, [key, locale, id])
  return state.key === key ? state.request : stateOf(key)
}
