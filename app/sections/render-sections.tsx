/**
 * A page's sections in order, with stable keys (SPEC §1: section blocks load lazily).
 * Every section is in the server's HTML (the hero arrives with it; readers and crawlers
 * get the rest). The code of the first two is fetched as soon as the page hydrates; the
 * others' (forms too) only when they come near the viewport. Until its code is there, a section keeps the server's markup as it is.
 * Section data arrives checked by the server against its block's schema; an unknown
 * layout renders nothing instead of breaking the page.
 */
import { Fragment, lazy, Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react'
import type { Section } from '../content/model'
import { reloadAfterChunkError } from '../components/shell/document-behaviour'
import { isSectionLayout, sectionRegistry, type SectionBlock } from './registry'
import { Reveal } from './reveal'

const EAGER_SECTIONS = 2
/** Start loading a section's code this far before it scrolls into view. */
const LOAD_MARGIN = '600px'

type Props = { data: unknown; headingLevel: 1 | 2 }

/** Set once the first page has hydrated: later pages (client navigation) have no server markup to keep. */
let initialHydrationDone = false
const lazyComponents = new Map<string, LazyExoticComponent<ComponentType<Props>>>()
/** Blocks whose code is already here render at once on the next page, without suspending. */
const loadedComponents = new Map<string, ComponentType<Props>>()

async function loadBlock(layout: string, entry: SectionBlock): Promise<ComponentType<Props>> {
  const component = (await entry.load()) as ComponentType<Props>
  loadedComponents.set(layout, component)
  return component
}

/**
 * On the server: every block's code, loaded once, so pages render their sections inline
 * instead of streaming them in after a placeholder while a chunk is read from disk.
 */
export function preloadAllBlocks() {
  return Promise.all(Object.entries(sectionRegistry).map(([layout, entry]) => loadBlock(layout, entry)))
}

function blockComponent(layout: string, entry: SectionBlock): ComponentType<Props> {
  const loaded = loadedComponents.get(layout)
  if (loaded) return loaded
  let component = lazyComponents.get(layout)
  if (!component) {
    component = lazy(async () => ({ default: await loadBlock(layout, entry) }))
    lazyComponents.set(layout, component)
  }
  return component
}

export function RenderSections({ sections, firstIsTitle }: { sections: Section[]; firstIsTitle: boolean }) {
  useEffect(() => {
    initialHydrationDone = true
  }, [])
  return (
    <>
      {sections.map((section, index) => {
        // The server dropped sections of unknown layouts and data their block refuses (app/server/sections.server.ts).
        if (!isSectionLayout(section.layout)) return null
        const entry = sectionRegistry[section.layout]
        const props: Props = { data: section.data, headingLevel: firstIsTitle && index === 0 ? 1 : 2 }
        const id = `section-${index}-${section.key}`
        const rendered = <DeferredSection id={id} layout={section.layout} entry={entry} props={props} immediate={index < EAGER_SECTIONS} />
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

function DeferredSection({
  id,
  layout,
  entry,
  props,
  immediate,
}: {
  id: string
  layout: string
  entry: SectionBlock
  props: Props
  immediate: boolean
}) {
  // On the server, and when the page was reached by client navigation (no server markup
  // to keep), the section renders normally. While hydrating server markup, it keeps that
  // markup untouched until its code has loaded: at once for the first sections and for
  // interactive ones, else when it comes near the viewport. Nothing suspends during
  // hydration, so no later update can throw a section's server markup away.
  const [keepServerMarkup, setKeepServerMarkup] = useState(
    () => typeof document !== 'undefined' && !initialHydrationDone && document.getElementById(id) !== null,
  )
  const [Loaded, setLoaded] = useState<ComponentType<Props> | null>(null)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!keepServerMarkup || !ref.current) return
    let cancelled = false
    const load = () =>
      void loadBlock(layout, entry).then(
        (component) => {
          if (cancelled) return
          setLoaded(() => component)
          setKeepServerMarkup(false)
        },
        // The server's markup stays readable; a missing chunk (a newer deploy) reloads once a minute at most.
        (error: unknown) => reloadAfterChunkError(error),
      )
    if (immediate || typeof IntersectionObserver === 'undefined') {
      load()
      return () => {
        cancelled = true
      }
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
  }, [keepServerMarkup, layout, entry, immediate])

  if (keepServerMarkup) {
    return (
      <div ref={ref} id={id} data-section={layout} data-deferred="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
    )
  }
  const Component = Loaded ?? blockComponent(layout, entry)
  return (
    <div id={id} data-section={layout}>
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    </div>
  )
}
