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
import { Fragment } from 'react'
import type { Section } from '../contract/model'
import { Island } from '../ui/island'
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
  return (
    <>
      {sections.map((section, index) => {
        // The server dropped sections of unknown layouts and data their block refuses (app/server/content/sections.server.ts).
        if (!isSectionLayout(section.layout)) return null
        const rendered = (
          <Island<SectionProps>
            id={`section-${index}-${section.key}`}
            code={sectionRegistry[section.layout]}
            props={{ data: section.data, headingLevel: firstIsTitle && index === 0 ? 1 : 2 }}
            loading={
              isStatic(section.layout) ? 'none' : index < EAGER_SECTIONS ? 'now' : isInteractive(section.layout) ? 'interactive' : 'visible'
            }
            attributes={{ 'data-section': section.layout }}
          />
        )
        // Blocks opt in to scroll animations with `animate: true` in their data.
        return section.animate ? <Reveal key={section.key}>{rendered}</Reveal> : <Fragment key={section.key}>{rendered}</Fragment>
      })}
    </>
  )
}
