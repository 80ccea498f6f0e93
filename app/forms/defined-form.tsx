/** A form from a popup's shortcode_data: parsed here so the shell's chunk stays free of the form engine. */
import { m } from '../paraglide/messages'
import type { FormSource } from '../server/forms.functions'
import type { JsonObject } from '../content/model'
import { parseFormDefinition } from './definition'
import { FormView } from './form-view'

export function DefinedForms({ forms, source }: { forms: JsonObject; source: FormSource }) {
  const definitions = Object.entries(forms).map(([id, raw]) => ({ id, definition: parseFormDefinition(raw, id) }))
  return (
    <>
      {definitions.map(({ id, definition }) =>
        definition ? (
          <FormView key={id} definition={definition} source={source} />
        ) : (
          <p key={id} role="status" className="mt-4 rounded-xl bg-slate-50 p-4 text-ink-soft">
            {m.form_unavailable()}
          </p>
        ),
      )}
    </>
  )
}

export default DefinedForms
