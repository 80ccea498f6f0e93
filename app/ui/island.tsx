/**
 * A part of a server-rendered page whose code loads when it is needed (requirements §1: section
 * blocks load lazily; requirements §11.1: forms and below-the-fold parts are not in the first
 * load). The server renders it inline. While the page hydrates, it keeps the server's
 * markup untouched until its code has loaded: at once (`now`), when it comes near the
 * viewport (`visible`), or for parts a visitor fills in such as forms (`interactive`)
 * when it comes near the viewport, at the first Tab key pressed on the page, or once the
 * visitor scrolls with it a few screens away (its code is fetched at idle time from
 * there), whichever is first: a form is usable by the time a visitor scrolls to it,
 * and a keyboard user never tabs past a form whose code is still missing (it arrives
 * while they cross the page). A part whose server markup already does everything it
 * does (`none`: native elements only, such as the FAQ's `<details>`) never loads its
 * code there, so nothing a visitor opened is replaced. Nothing suspends during
 * hydration, so no later update can throw the server's markup away. On a page reached
 * by client navigation it renders normally.
 *
 * Since the browser puts its own render in place of the server's markup, the server may
 * render a part once and send the same HTML again while what it depends on is the same
 * (`keptMarkup`: a form, decision 037; every other section, decision 043).
 */
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
  type RefObject,
} from 'react'
import { currentConnection, prefetchAllowed, prefetchWhenIdle } from '../lib/prefetch'
import { afterNextPaint } from '../lib/tasks'
import { ISLAND_RENDERED_EVENT, SERVER_MARKUP_ATTRIBUTE } from '../lib/tap-replay'
import { ignoreFailureAheadOfNeed, reloadAfterChunkError } from './chunk-reload'
import { islandMarkupKeeper, type KeptMarkup } from './kept-markup'
import { restoreFocus, watchServerMarkupFocus } from './server-markup-focus'

/** Start loading an island's code this far before it scrolls into view. */
const LOAD_MARGIN = '600px'
/** A form's code is fetched ahead, at idle time, from this far (about three phone screens): see Island. */
const PREFETCH_MARGIN = '2400px'

type IslandLoading = 'now' | 'visible' | 'interactive' | 'none'

/** An island's code: loaded once, whatever the page; rendered without suspending once it is here. */
export interface IslandCode<P> {
  load: () => Promise<ComponentType<P>>
  component: () => ComponentType<P> | LazyExoticComponent<ComponentType<P>>
}

export function islandCode<P>(load: () => Promise<ComponentType<P>>): IslandCode<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  let lazyComponent: LazyExoticComponent<ComponentType<P>> | undefined
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  return {
    load: loadOnce,
    component: () => loaded ?? (lazyComponent ??= lazy(async () => ({ default: await loadOnce() }))),
  }
}

// Where focus is in an island's server markup, from before the page hydrates (decision 058).
if (!import.meta.env.SSR) watchServerMarkupFocus()

/** Marks the server's markup, for the head script (app/lib/tap-replay.ts), until the island's render replaces it. */
const serverMarkup = { [SERVER_MARKUP_ATTRIBUTE]: '' }

/** Set once the first page has hydrated: later pages (client navigation) have no server markup to keep. */
let initialHydrationDone = false

export interface IslandProps<P> {
  /** The wrapper's id: how the server's markup is found while hydrating. Unique on the page. */
  id: string
  code: IslandCode<P>
  props: P
  loading: IslandLoading
  /** Extra attributes of the wrapper `div` (e.g. `data-section`). */
  attributes?: Record<`data-${string}`, string>
  /** On the server: the part's HTML is rendered once and sent again while its key is the same (decision 037). */
  keptMarkup?: KeptMarkupOptions
}

interface KeptMarkupOptions {
  /** Everything the part's markup depends on besides its id (a form's day, a section's page): never the visitor. */
  key: string
  /** A form's or another section's (decisions 037 and 043): each kind is kept in a room of its own. */
  room: 'form' | 'section'
  /** The part inside every context it reads: it is rendered on its own, where the page's providers are not. */
  contexts: (part: ReactElement) => ReactElement
}

export function Island<P extends object>({ id, code, props, loading, attributes, keptMarkup }: IslandProps<P>) {
  const [keepServerMarkup, setKeepServerMarkup] = useState(
    () => typeof document !== 'undefined' && !initialHydrationDone && document.getElementById(id) !== null,
  )
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    initialHydrationDone = true
  }, [])

  useEffect(() => {
    const element = ref.current
    if (!keepServerMarkup || !element || loading === 'none') return
    let cancelled = false
    const render = (component: ComponentType<P>) => {
      if (cancelled) return
      // A transition: React renders the part in slices between which the browser may
      // answer input, instead of one long task (a form is hundreds of components).
      startTransition(() => {
        setLoaded(() => component)
        setKeepServerMarkup(false)
      })
    }
    const load = () =>
      void code.load().then(
        render,
        // The server's markup stays readable; a missing chunk (a newer deploy) reloads once a minute at most.
        (error: unknown) => reloadAfterChunkError(error),
      )
    if (loading === 'now' || typeof IntersectionObserver === 'undefined') {
      load()
      return () => {
        cancelled = true
      }
    }
    let started = false
    function start() {
      if (started) return
      started = true
      stopWatching()
      load()
    }
    /** Code that came ahead of need: rendered unless the part has started already. */
    const renderAhead = (component: ComponentType<P>) => {
      if (started) return
      started = true
      stopWatching()
      render(component)
    }
    // Whichever trigger comes first loads the code and stops the others. Near the viewport, for every part:
    const near = new IntersectionObserver((entries) => entries.some((item) => item.isIntersecting) && start(), {
      rootMargin: LOAD_MARGIN,
    })
    // A form's code is fetched (and its module run) while it is still a few screens away, at
    // idle time. Not at page load: run then, it was most of a phone's blocking time on a page
    // with a form far down (decision 009). Not on a slow connection or with Save-Data
    // (prefetchAllowed); then it loads near the viewport as before. Once the visitor scrolls
    // with the form that close, its code is loaded without waiting for idle time and the form
    // is rendered, so that it is usable before it comes into view: rendered only near the
    // viewport, a phone was still rendering it a second and more after it had, and one that
    // scrolled while the page was still busy waited for idle time first (docs/decisions/066).
    // A visitor who does not scroll, and a page-load audit, pay for neither the render nor its
    // commit. A failure ahead of need is forgotten, and the form coming near loads it again,
    // which reports it (decision 062).
    let cancelPrefetch = () => {}
    let scrolled = false
    let aheadInReach = false
    const fetchAhead = () =>
      void code.load().then((component) => {
        if (scrolled) renderAhead(component)
      }, ignoreFailureAheadOfNeed)
    // Only a form (`interactive`) is watched from this far.
    const ahead =
      loading === 'interactive'
        ? new IntersectionObserver(
            (entries, observer) => {
              if (!entries.some((item) => item.isIntersecting)) return
              observer.disconnect()
              aheadInReach = true
              if (!scrolled) cancelPrefetch = prefetchWhenIdle(fetchAhead)
              else if (prefetchAllowed(currentConnection())) fetchAhead()
            },
            { rootMargin: PREFETCH_MARGIN },
          )
        : null
    const onScroll = () => {
      scrolled = true
      window.removeEventListener('scroll', onScroll)
      if (!aheadInReach || !prefetchAllowed(currentConnection())) return
      cancelPrefetch()
      // After the frame the scroll is drawn in, as an input's fetch is (decision 064).
      void afterNextPaint().then(fetchAhead)
    }
    // The first Tab fetches and renders a form ahead, as the keyboard may cross the page towards it,
    // but it is not yet needed: a failure is forgotten, and the form coming near loads it again (docs/decisions/062).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      document.removeEventListener('keydown', onKey, { capture: true })
      // After the key's paint: starting the fetch is work the key's latency would count (decision 064).
      void afterNextPaint()
        .then(() => code.load())
        .then(renderAhead, ignoreFailureAheadOfNeed)
    }
    function stopWatching() {
      near.disconnect()
      ahead?.disconnect()
      cancelPrefetch()
      window.removeEventListener('scroll', onScroll)
      document.removeEventListener('keydown', onKey, { capture: true })
    }
    near.observe(element)
    if (ahead) {
      ahead.observe(element)
      window.addEventListener('scroll', onScroll, { passive: true })
      document.addEventListener('keydown', onKey, { capture: true, passive: true })
    }
    return () => {
      cancelled = true
      stopWatching()
    }
  }, [keepServerMarkup, code, loading])

  if (keepServerMarkup) {
    return <div ref={ref} id={id} {...attributes} {...serverMarkup} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
  }
  const Component = Loaded ?? code.component()
  const part = (
    <Suspense fallback={null}>
      <Component {...props} />
      <Rendered wrapper={ref} />
    </Suspense>
  )
  if (import.meta.env.SSR) {
    const keeper = keptMarkup ? islandMarkupKeeper() : null
    const wrapperAttributes = { ...attributes, ...serverMarkup }
    if (keeper && keptMarkup)
      return <KeptIslandMarkup id={id} attributes={wrapperAttributes} options={keptMarkup} keeper={keeper} part={part} />
    return (
      <div id={id} {...wrapperAttributes}>
        {part}
      </div>
    )
  }
  return (
    <div ref={ref} id={id} {...attributes}>
      {part}
    </div>
  )
}

/**
 * In the same Suspense boundary as the part, so its layout effect runs when the part's render is
 * on the page: focus that was in the server's markup goes to the same place in the new one
 * (server-markup-focus.ts), and the head script makes again a tap it kept on one of the
 * server markup's buttons (app/lib/tap-replay.ts, decision 058). Focus first, so that a key
 * press made again reaches a focused button, as the visitor's did.
 */
function Rendered({ wrapper }: { wrapper: RefObject<HTMLDivElement | null> }) {
  useLayoutEffect(() => {
    const element = wrapper.current
    if (!element) return
    restoreFocus(element)
    element.dispatchEvent(new Event(ISLAND_RENDERED_EVENT, { bubbles: true }))
  }, [wrapper])
  return null
}

interface KeptIslandMarkupProps {
  id: string
  attributes?: Record<`data-${string}`, string>
  options: KeptMarkupOptions
  keeper: KeptMarkup
  part: ReactElement
}

/**
 * The server's side of a kept part. While it renders, React's string renderer renders the
 * part, and React puts the page render's request, dispatcher and context back afterwards
 * (island-markup.server.ts); this component calls no hook, so none of its own is in flight meanwhile.
 * The part's ids are prefixed with the island's, so they stay unique on the page, and the
 * island's id is part of the key for that reason.
 */
function KeptIslandMarkup({ id, attributes, options, keeper, part }: KeptIslandMarkupProps) {
  const html = keeper(`${id} ${options.key}`, `${id}-`, options.contexts(part), options.room)
  if (html === null) {
    return (
      <div id={id} {...attributes}>
        {part}
      </div>
    )
  }
  return <div id={id} {...attributes} dangerouslySetInnerHTML={{ __html: html }} />
}
