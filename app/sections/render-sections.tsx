import type { Section } from '../server/content/types'
import { sectionRegistry } from './registry'

/**
 * A page's sections in order, with stable keys. An unknown layout, or data its block's
 * schema refuses, renders nothing (a warning in development) instead of breaking the page.
 * The first section carries the page's h1 when the page has no title of its own.
 */
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
        const Component = entry.component
        return <Component key={section.key} data={parsed.data} headingLevel={firstIsTitle && index === 0 ? 1 : 2} />
      })}
    </>
  )
}
