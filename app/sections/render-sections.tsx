/**
 * A page's sections in order, with stable keys (requirements §1: section blocks load lazily).
 * Every section is in the server's HTML (the hero arrives with it; readers and crawlers
 * get the rest). Each is an island (app/ui/island.tsx): the code of the first two
 * is fetched as soon as the page hydrates, the others' only when they come near the
 * viewport (a form's also at the first Tab key pressed), and until its code is there a
 * section keeps the server's markup (a block that needs no script, the FAQ, keeps it for
 * good).
 * Section data arrives checked by the server against its block's schema; an unknown
 * layout renders nothing instead of breaking the page.
 */
import { RouterContextProvider, useRouter } from '@tanstack/react-router'
import { Fragment, useContext, type ReactElement } from 'react'
import type { Section } from '../contract/model'
import { contentKey } from '../lib/text-key'
import { getLocale } from '../paraglide/runtime'
import { ConsentValueProvider, useConsent } from '../ui/consent-state'
import { ImageServiceContext } from '../ui/image'
import { Island, type IslandProps } from '../ui/island'
import { islandMarkupKeeper } from '../ui/kept-markup'
import { ShellValueProvider, useShell } from '../ui/shell-state'
import { formMarkupKey } from './form/form-markup-key'
import { SectionPageContext } from './page-context'
import type { SectionLayout } from '../contract/sections/schemas'
import { BELOW_FOLD } from '../ui/below-fold'
import { isInteractive, isSectionLayout, isStatic, sectionRegistry, type SectionProps } from './registry'
import { Reveal } from './reveal'

const EAGER_SECTIONS = 2

/**
 * On the server: every block's code, loaded once, so pages render their sections inline
 * instead of streaming them in after a placeholder while a chunk is read from disk.
 */
export function preloadAllBlocks() {
  return Promise.all(Object.values(sectionRegistry).map((code) => code.load()))
}

interface RenderSectionsProps {
  sections: Section[]
  firstIsTitle: boolean
}

export function RenderSections(props: RenderSectionsProps) {
  // On the server, each section's markup is rendered once and sent again (decisions 037 and 043).
  // The condition is the build's constant, so the browser's bundle carries none of it.
  const keeper = import.meta.env.SSR ? islandMarkupKeeper() : null
  if (keeper) return <KeptSections {...props} />
  return <Sections {...props} keptMarkup={() => undefined} />
}

/**
 * The server's sections, each kept under everything its markup depends on. A form's key
 * (form-markup-key.ts) leaves the page out, so pages share a form's markup. Every other
 * section's carries the page it is on: its links are marked current by the page's path (and
 * query, for a link that has one), the blog teaser shows the page's recent posts, and its
 * images' addresses are made from the image service's settings.
 */
function KeptSections(props: RenderSectionsProps) {
  const router = useRouter()
  const sectionPage = useContext(SectionPageContext)
  const imageService = useContext(ImageServiceContext)
  const consent = useConsent()
  const shell = useShell()
  // What a section reads from the page's providers, around its kept markup: it is rendered apart from the page.
  const contexts = (part: ReactElement) => (
    <RouterContextProvider router={router}>
      <ImageServiceContext.Provider value={imageService}>
        <ConsentValueProvider value={consent}>
          <ShellValueProvider value={shell}>
            <SectionPageContext.Provider value={sectionPage}>{part}</SectionPageContext.Provider>
          </ShellValueProvider>
        </ConsentValueProvider>
      </ImageServiceContext.Provider>
    </RouterContextProvider>
  )
  const { pathname, searchStr } = router.state.location
  const pageKey = [
    getLocale(),
    pathname,
    imageService.cloudName ?? '-',
    imageService.siteUrl,
    // What a block reads of the page besides its own data (page-context.ts): the recent posts.
    sectionPage ? `${sectionPage.ownOrigins.join(',')} ${contentKey(sectionPage.page.recentPosts)}` : '-',
  ].join(' ')
  return (
    <Sections
      {...props}
      keptMarkup={(section, headingLevel) =>
        isInteractive(section.layout)
          ? { room: 'form', key: formMarkupKey(section, sectionPage?.page ?? null, headingLevel), contexts }
          : {
              room: 'section',
              key: `${section.layout} h${headingLevel} ${pageKey} ${linksWithQuery(section.data) ? searchStr : '-'} ${contentKey(section.data)}`,
              contexts,
            }
      }
    />
  )
}

/**
 * Whether a section's data may hold a link with a query. A router link without one is marked
 * current whatever the page's query (TanStack Router matches the link's search as a subset of
 * the page's), so only such a section's markup depends on the query. The others are kept once
 * per path: a tracking parameter or a password-reset token does not make new entries.
 */
const queryLinks = new WeakMap<object, boolean>()
/** A string in the data's JSON that is a path or an http(s) address with a query (not a question in its text). */
const LINK_WITH_QUERY = /"(?:\/|https?:)[^"\s]*\?/

function linksWithQuery(data: object): boolean {
  let found = queryLinks.get(data)
  if (found === undefined) {
    found = LINK_WITH_QUERY.test(JSON.stringify(data))
    queryLinks.set(data, found)
  }
  return found
}

function Sections({
  sections,
  firstIsTitle,
  keptMarkup,
}: RenderSectionsProps & {
  keptMarkup: (section: Section & { layout: SectionLayout }, headingLevel: 1 | 2) => IslandProps<SectionProps>['keptMarkup']
}) {
  return (
    <>
      {sections.map((section, index) => {
        // The server dropped sections of unknown layouts and data their block refuses (app/server/content/sections.server.ts).
        if (!isSectionLayout(section.layout)) return null
        const layout = section.layout
        const headingLevel = firstIsTitle && index === 0 ? 1 : 2
        const rendered = (
          <Island<SectionProps>
            id={`section-${index}-${section.key}`}
            code={sectionRegistry[layout]}
            props={{ data: section.data, headingLevel }}
            loading={isStatic(layout) ? 'none' : index < EAGER_SECTIONS ? 'now' : isInteractive(layout) ? 'interactive' : 'visible'}
            // Past the first two, a section's rendering waits until it nears the viewport (app/styles.css, decision 048);
            // not a form's, which would then lay itself out just as its code arrives and be usable later.
            attributes={
              index < EAGER_SECTIONS || isInteractive(layout) ? { 'data-section': layout } : { 'data-section': layout, ...BELOW_FOLD }
            }
            keptMarkup={keptMarkup({ ...section, layout }, headingLevel)}
          />
        )
        // Blocks opt in to scroll animations with `animate: true` in their data.
        return section.animate ? <Reveal key={section.key}>{rendered}</Reveal> : <Fragment key={section.key}>{rendered}</Fragment>
      })}
    </>
  )
}
