/**
 * Every section's data checked against its block's schema on the server, once per page
 * answer the content cache keeps: the browser gets data its block can render and never
 * loads a schema. A section of a layout no block knows, or whose data its block refuses,
 * is left out of the page (logged once per page and layout) instead of breaking it.
 */
import type { PageData, Section } from '../../contract/model'
import { toJsonObject } from '../../contract/reshape-json'
import { sectionSchemaFor } from '../../contract/sections/schemas'
import type { ContentSource } from './content-source.server'

const warned = new Set<string>()

function warnOnce(key: string, message: string) {
  if (warned.has(key)) return
  warned.add(key)
  console.warn(`[sections] ${message}`)
}

export function checkSections(sections: readonly Section[], where: string): Section[] {
  return sections.flatMap((section) => {
    const schema = sectionSchemaFor(section.layout)
    if (!schema) {
      warnOnce(`${where}:${section.layout}`, `${where}: no block for layout "${section.layout}"; left out`)
      return []
    }
    const parsed = schema.safeParse(section.data)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      warnOnce(
        `${where}:${section.key}`,
        `${where}: "${section.layout}" data refused (${issue?.path.join('.')}: ${issue?.message}); left out`,
      )
      return []
    }
    // The block's own reading of its data (images sized, links checked): plain JSON, as the page carries it.
    return [{ ...section, data: toJsonObject(parsed.data) }]
  })
}

/** A content source whose pages carry only sections their blocks accept. */
export function withCheckedSections(source: ContentSource): ContentSource {
  const check = (data: PageData): PageData =>
    data.page.kind === 'page'
      ? { ...data, page: { ...data.page, sections: checkSections(data.page.sections, data.page.slug || 'page') } }
      : data
  return { ...source, getPage: async (query) => check(await source.getPage(query)) }
}
