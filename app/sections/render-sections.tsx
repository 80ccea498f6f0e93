/**
 * A page's sections in order, with stable keys (SPEC §1: section blocks load lazily).
 * The first two render with the page, so the hero arrives with the HTML and hydrates at
 * once. The others are in the server's HTML too (for readers and crawlers), but their
 * code is only fetched when they come near the viewport: until then the server's markup
 * is kept as it is. An unknown layout, or data its block's schema refuses, renders
 * nothing (a warning in development) instead of breaking the page.
 */
import { Fragment, lazy, Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react'
import type { Section } from '../server/content/types'
import { reloadAfterChunkError } from '../components/shell/document-behaviour'
import { sectionRegistry, type SectionBlock } from './registry'
import { Reveal } from './reveal'

const EAGER_SECTIONS = 2
/** Start loading a section's code this far before it scrolls into view. */
const LOAD_MARGIN = '600px'

type Props = { data: unknown; headingLevel: 1 | 2 }
const lazyComponents = new Map<string, LazyExoticComponent<ComponentType<Props>>>()

function lazyComponent(layout: string, entry: SectionBlock): LazyExoticComponent<ComponentType<Props>> {
  let component = lazyComponents.get(layout)
  if (!component) {
    component = lazy(async () => ({ default: (await entry.load()) as ComponentType<Props> }))
    lazyComponents.set(layout, component)
  }
  return component
}

export function RenderSections({ sections, firstIsTitle }: { sections: Section[]; firstIsTitle: boolean }) {
  return (
    <>
      {sections.map((section, index) => {
        const entry = sectionRegistry[section.layout]
        if (!entry) {
          if (import.meta.env.DEV) console.warn(`[sections] no block for layout "${section.layout}" yet`)
          return null
        }
        const parsed = entry.schema.safeParse(section.data)
        if (!parsed.success) {
          if (import.meta.env.DEV) console.warn(`[sections] "${section.layout}" data rejected: ${parsed.error.issues[0]?.message}`)
          return null
        }
        const props: Props = { data: parsed.data, headingLevel: firstIsTitle && index === 0 ? 1 : 2 }
        const id = `section-${index}-${section.key}`
        const rendered =
          index < EAGER_SECTIONS || entry.interactive ? (
            <div id={id} data-section={section.layout}>
              <EagerSection layout={section.layout} entry={entry} props={props} />
            </div>
          ) : (
            <DeferredSection id={id} layout={section.layout} entry={entry} props={props} />
          )
        // Blocks opt in to scroll animations with `animate: true` in their data.
        return section.data.animate === true ? (
          <Reveal key={section.key}>{rendered}</Reveal>
        ) : (
          <Fragment key={section.key}>{rendered}</Fragment>
        )
      })}
    </>
  )
}

function EagerSection({ layout, entry, props }: { layout: string; entry: SectionBlock; props: Props }) {
  const Component = lazyComponent(layout, entry)
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  )
}

function DeferredSection({ id, layout, entry, props }: { id: string; layout: string; entry: SectionBlock; props: Props }) {
  // On the server, and when the page was reached by client navigation (no server markup
  // to keep), the section renders normally. While hydrating server markup, it keeps that
  // markup untouched until it is near the viewport.
  const [keepServerMarkup, setKeepServerMarkup] = useState(() => typeof document !== 'undefined' && document.getElementById(id) !== null)
  const [Loaded, setLoaded] = useState<ComponentType<Props> | null>(null)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!keepServerMarkup || !ref.current) return
    let cancelled = false
    const load = () =>
      void entry.load().then(
        (component) => {
          if (cancelled) return
          setLoaded(() => component as ComponentType<Props>)
          setKeepServerMarkup(false)
        },
        // The server's markup stays readable; a missing chunk (a newer deploy) reloads once a minute at most.
        (error: unknown) => reloadAfterChunkError(error),
      )
    if (typeof IntersectionObserver === 'undefined') {
      load()
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((item) => item.isIntersecting)) {
          observer.disconnect()
          load()
        }
      },
      { rootMargin: LOAD_MARGIN },
    )
    observer.observe(ref.current)
    return () => {
      cancelled = true
      observer.disconnect()
    }
  }, [keepServerMarkup, entry])

  if (keepServerMarkup) {
    return (
      <div ref={ref} id={id} data-section={layout} data-deferred="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
    )
  }
  const Component = Loaded ?? lazyComponent(layout, entry)
  return (
    <div id={id} data-section={layout}>
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    </div>
  )
}
