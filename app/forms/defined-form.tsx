/** The forms of a popup's shortcode_data: their own chunk, so the shell's stays free of the form engine. */
import { m } from '../paraglide/messages'
import type { FormSource } from '../server/enquiries/forms.functions'
import type { FormDefinition } from '../contract/forms/definition'
import { FormView } from './form-view'

function DefinedForms({ forms, source }: { forms: Record<string, FormDefinition | null>; source: FormSource }) {
  const definitions = Object.entries(forms).map(([id, definition]) => ({ id, definition }))
  return (
    <>
      {definitions.map(({ id, definition }) =>
        definition ? (
          <FormView key={id} definition={definition} source={source} />
        ) : (
          <p key={id} role="status" className="mt-4 rounded-xl bg-surface-alt p-4 text-ink-soft">
            {m.form_unavailable()}
          </p>
        ),
      )}
    </>
  )
}

export default DefinedForms
