import { m } from '../../paraglide/messages'
import type { FormSectionData } from './schema'

/** Until the form engine lands: the form's title and where it will be. */
export function FormPlaceholder({ data, headingLevel }: { data: FormSectionData; headingLevel: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const title = data.heading ?? m.form_default_title()
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6" data-form-id={data.form_id}>
      <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6">
        <Heading className="text-xl font-bold text-ink">{title}</Heading>
        <p className="mt-1 text-ink-muted">{m.form_placeholder({ title })}</p>
      </div>
    </section>
  )
}
