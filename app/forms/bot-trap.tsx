/**
 * A honeypot field no person sees or fills, and the
 * fill-time stamp. The stamp is fetched when the form becomes interactive (a cached page
 * cannot carry a fresh one); before sending, the browser waits out whatever is left of
 * the minimum fill time, so a quick person is only delayed, never taken for a bot.
 */
import { useCallback, useEffect, useRef } from 'react'
import { siteConfig } from '../config/site'
import { fetchFormStamp } from '../server/enquiries/form-stamp.functions'

const { minFillMs, stampMaxAgeMs, honeypotName } = siteConfig.forms
/** Clocks and the stamp's own round trip: a little more than the minimum, never less. */
const MARGIN_MS = 150

type Loaded = { stamp: string; receivedAt: number } | null

/** The stamp of this form, and what to send with a submission: `{ stamp, honeypot }` once the fill time has passed. */
export function useBotTrap() {
  const loaded = useRef<Loaded>(null)
  const pending = useRef<Promise<Loaded> | null>(null)
  const honeypot = useRef<HTMLInputElement>(null)

  const load = useCallback(() => {
    pending.current ??= fetchFormStamp()
      .then(({ stamp }) => (loaded.current = stamp ? { stamp, receivedAt: Date.now() } : null))
      .catch(() => null)
      .finally(() => {
        pending.current = null
      })
    return pending.current
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  const proof = useCallback(async (): Promise<{ stamp: string; honeypot: string }> => {
    let current = loaded.current
    if (!current || Date.now() - current.receivedAt > stampMaxAgeMs) current = await load()
    if (current) {
      const wait = minFillMs + MARGIN_MS - (Date.now() - current.receivedAt)
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    }
    return { stamp: current?.stamp ?? '', honeypot: honeypot.current?.value ?? '' }
  }, [load])

  return { proof, honeypot }
}

/** The honeypot: off-screen, out of the tab order and the accessibility tree, and not autofilled. */
export function HoneypotField({ inputRef }: { inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    <div aria-hidden="true" className="absolute top-auto -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input ref={inputRef} type="text" name={honeypotName} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
