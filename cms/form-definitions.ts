/**
 * The form definitions a page or popup answer carries as `shortcode_data` (requirements §3):
 * the stored form without what stays on the server (its confirmation, as Gravity Forms keeps
 * it). Submissions are cms/forms.ts.
 */
import type { z } from 'zod'
import type { wireFormDefinition, wireShortcodeData } from '../app/contract/wire-forms'
import { wireId } from '../app/contract/wire-primitives'
import type { FormFile, LocaleContent } from './content-store'

/** The definition as the page answer carries it: without the confirmation (kept on the server, as Gravity Forms does). */
function publicFormDefinition(form: FormFile): z.input<typeof wireFormDefinition> {
  const { confirmation_message: _message, confirmation_type: _type, id, ...definition } = form
  // The contract's ids are numeric (Gravity Forms'); a slug id is carried by the shortcode_data key alone.
  return wireId.safeParse(id).success ? { ...definition, id } : definition
}

/** The public definitions of the forms with these ids (unknown ids are left out), keyed by id: a page's or popup's shortcode_data. */
export function formDefinitions(content: LocaleContent, ids: unknown[]): z.input<typeof wireShortcodeData> {
  const definitions: Record<string, z.input<typeof wireFormDefinition>> = {}
  for (const id of ids) {
    const form = typeof id === 'string' || typeof id === 'number' ? content.forms.get(String(id)) : undefined
    if (form) definitions[String(form.id)] = publicFormDefinition(form)
  }
  return definitions
}
