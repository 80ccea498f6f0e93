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
import { Island } from '../ui/island'
import { formMarkupKey } from './form/form-markup-key'
import { SectionPageContext } from './page-context'
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

export function RenderSections({ sections, firstIsTitle }: { sections: Section[]; firstIsTitle: boolean }) {
  // No warning where a test renders sections without a router: only the server, where there always is one, uses it.
  const router = useRouter({ warn: false })
  const sectionPage = useContext(SectionPageContext)
  // What a form section reads from the page's providers (form-section.tsx, the form engine), around its kept markup.
  const formContexts = (part: ReactElement) => (
    <RouterContextProvider router={router}>
      <SectionPageContext.Provider value={sectionPage}>{part}</SectionPageContext.Provider>
    </RouterContextProvider>
  )
  return (
    <>
      {sections.map((section, index) => {
        // The server dropped sections of unknown layouts and data their block refuses (app/server/content/sections.server.ts).
        if (!isSectionLayout(section.layout)) return null
        const headingLevel = firstIsTitle && index === 0 ? 1 : 2
        const interactive = isInteractive(section.layout)
        const rendered = (
          <Island<SectionProps>
            id={`section-${index}-${section.key}`}
            code={sectionRegistry[section.layout]}
            props={{ data: section.data, headingLevel }}
            loading={isStatic(section.layout) ? 'none' : index < EAGER_SECTIONS ? 'now' : interactive ? 'interactive' : 'visible'}
            attributes={{ 'data-section': section.layout }}
            // A form is hundreds of components: its server markup is rendered once per form, locale and definition (decision 037).
            keptMarkup={
              import.meta.env.SSR && interactive
                ? { key: formMarkupKey(section, sectionPage?.page ?? null, headingLevel), contexts: formContexts }
                : undefined
            }
          />
        )
        // Blocks opt in to scroll animations with `animate: true` in their data.
        return section.animate ? <Reveal key={section.key}>{rendered}</Reveal> : <Fragment key={section.key}>{rendered}</Fragment>
      })}
    </>
  )
}
