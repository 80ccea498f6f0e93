/**
 * The visitor's consent, decided in the browser (the server's HTML is the same for
 * everyone), and the tags it allows: loaded once each, only after consent to their
 * category, with Consent Mode v2 updated on every choice.
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { PublicEnv } from '../config/site'
import {
  consentCookies,
  cookiesToClear,
  initialConsentCookie,
  readConsent,
  undecided,
  type ConsentCategory,
  type ConsentState,
} from '../lib/consent'
import { deleteCookieEverywhereStrings } from '../lib/cookies'
import { configuredTags, consentModeSignals, type TagDefinition } from '../lib/tracking'
import { takeUrlSecrets } from '../lib/url-secrets'

interface ConsentContextValue {
  state: ConsentState
  /** Known after hydration; false during server rendering. */
  ready: boolean
  choose: (enabled: ConsentCategory[]) => void
  preferencesOpen: boolean
  setPreferencesOpen: (open: boolean) => void
  /** The category a feature asked for (the chat launcher asks for functional), shown in the preferences; null when opened from the banner or footer. */
  askedFor: ConsentCategory | null
  /** Opens the preferences saying which category a feature the visitor pressed needs; `onAllowed` runs if the visitor allows it. */
  askFor: (category: ConsentCategory, onAllowed?: () => void) => void
}

const ConsentContext = createContext<ConsentContextValue | null>(null)

type Gtag = (...args: unknown[]) => void
declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: Gtag
    clarity?: ((...args: unknown[]) => void) & { q?: unknown[] }
  }
}

function loadTag(tag: TagDefinition, env: PublicEnv) {
  if (document.querySelector(`script[data-tag="${tag.id}"]`)) return
  const gtag = window.gtag
  if (tag.id === 'tag-manager') window.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  if (tag.id === 'local-tag' && gtag) {
    gtag('js', new Date())
    gtag('config', env.GA_MEASUREMENT_ID)
  }
  if (tag.id === 'ad-conversion' && gtag) gtag('config', env.ADS_CONVERSION_ID)
  if (tag.id === 'session-recording') {
    const queue: unknown[] = []
    window.clarity = window.clarity ?? Object.assign((...args: unknown[]) => void queue.push(args), { q: queue })
  }
  const script = document.createElement('script')
  script.async = true
  script.src = tag.src
  script.dataset.tag = tag.id
  document.head.append(script)
}

/** Analytics sets its cookies on the widest domain it may: each one is deleted on every domain it could have. */
function deleteCookieEverywhere(name: string) {
  for (const cookie of deleteCookieEverywhereStrings(name, location.hostname)) document.cookie = cookie
}

export function ConsentProvider({ env, children }: { env: PublicEnv; children: ReactNode }) {
  const [state, setState] = useState<ConsentState>(undecided)
  const [ready, setReady] = useState(false)
  const [preferencesOpen, setPreferencesOpenState] = useState(false)
  const [askedFor, setAskedFor] = useState<ConsentCategory | null>(null)
  /** What the feature that asked wants done once its category is allowed. */
  const whenAllowed = useRef<{ category: ConsentCategory; onAllowed: () => void } | null>(null)
  const setPreferencesOpen = useCallback((open: boolean) => {
    setPreferencesOpenState(open)
    if (!open) {
      setAskedFor(null)
      whenAllowed.current = null
    }
  }, [])
  const askFor = useCallback((category: ConsentCategory, onAllowed?: () => void) => {
    whenAllowed.current = onAllowed ? { category, onAllowed } : null
    setAskedFor(category)
    setPreferencesOpenState(true)
  }, [])
  const tags = useMemo(() => configuredTags(env), [env])
  const stateRef = useRef(state)
  stateRef.current = state

  const apply = useCallback(
    (next: ConsentState) => {
      // No tag may read a reset token from the address bar.
      takeUrlSecrets()
      window.gtag?.('consent', 'update', consentModeSignals(next.enabled))
      // Withdrawing consent stops further loading: only allowed tags are ever added.
      if (next.decided) for (const tag of tags) if (next.enabled.has(tag.category)) loadTag(tag, env)
    },
    [tags, env],
  )

  useEffect(() => {
    const current = readConsent(document.cookie)
    // Requirements §4: on layout creation the consent cookie is set to false until the visitor chooses.
    if (!current.decided) document.cookie = initialConsentCookie(location.protocol === 'https:')
    // A transition: the new value reaches every consumer, some inside parts of the page
    // React has not hydrated yet. An ordinary update there makes React hydrate those parts
    // at once, in one task; a transition lets it go on in slices (decision 039).
    startTransition(() => {
      setState(current)
      setReady(true)
    })
    apply(current)
  }, [apply])

  const choose = useCallback(
    (enabled: ConsentCategory[]) => {
      const next: ConsentState = { decided: true, enabled: new Set(enabled) }
      const present = document.cookie.split(';').map((part) => part.split('=')[0]?.trim() ?? '')
      for (const name of cookiesToClear(stateRef.current.enabled, next.enabled, present)) deleteCookieEverywhere(name)
      for (const cookie of consentCookies(enabled, location.protocol === 'https:')) document.cookie = cookie
      const pending = whenAllowed.current
      setState(next)
      setPreferencesOpen(false)
      apply(next)
      if (pending && next.enabled.has(pending.category)) pending.onAllowed()
    },
    [apply, setPreferencesOpen],
  )

  const value = useMemo(
    () => ({ state, ready, choose, preferencesOpen, setPreferencesOpen, askedFor, askFor }),
    [state, ready, choose, preferencesOpen, setPreferencesOpen, askedFor, askFor],
  )
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>
}

/** The consent a caller read with `useConsent()`, provided again around markup rendered apart from the page (the kept footer, decision 042). */
export function ConsentValueProvider({ value, children }: { value: ConsentContextValue; children: ReactNode }) {
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>
}

export function useConsent(): ConsentContextValue {
  const value = useContext(ConsentContext)
  if (!value) throw new Error('useConsent() needs <ConsentProvider> above it')
  return value
}
