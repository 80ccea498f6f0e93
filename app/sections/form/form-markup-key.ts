/**
 * Everything a form section's server markup depends on (docs/decisions/037): the section's
 * data, its heading level, the form's definition as the page carries it, the locale of its
 * texts, and the day (a date field's earliest day is today unless the definition says
 * otherwise). Not the path: it only goes with a submission. Not the visitor or the request:
 * the fill-time stamp, the attempt key and every state are the browser's.
 */
import type { ContentPage, Section } from '../../contract/model'
import { contentKey } from '../../lib/text-key'
import { getLocale } from '../../paraglide/runtime'

export function formMarkupKey(section: Section, page: ContentPage | null, headingLevel: 1 | 2): string {
  const formId = section.data.form_id
  const definition = typeof formId === 'string' || typeof formId === 'number' ? (page?.forms[String(formId)] ?? null) : null
  const now = new Date()
  const day = `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`
  return `form ${getLocale()} ${day} h${headingLevel} ${contentKey(section.data)} ${definition ? contentKey(definition) : 'none'}`
}
