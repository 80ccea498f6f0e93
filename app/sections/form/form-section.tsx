import { useRouterState } from '@tanstack/react-router'
import { FormView } from '../../forms/form-view'
import { m } from '../../paraglide/messages'
import { useSectionPage } from '../page-context'
import type { FormSectionData } from '../../contract/sections/form'

/** A form section: the page's form definition (shortcode_data by id) through the form engine. */
export function FormSection({ data, headingLevel }: { data: FormSectionData; headingLevel: 1 | 2 }) {
  const page = useSectionPage()
  const path = useRouterState({ select: (state) => state.location.pathname })
  const definition = page?.forms[data.form_id] ?? null
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const title = data.heading ?? definition?.title ?? m.form_default_title()
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6" data-section-form={data.form_id}>
      <div className="rounded-3xl border border-line bg-surface p-6 shadow-sm sm:p-10">
        <Heading className="text-2xl font-black tracking-tight text-ink sm:text-3xl">{title}</Heading>
        {data.text && <p className="mt-2 text-ink-soft">{data.text}</p>}
        {definition ? (
          <FormView definition={definition} source={{ kind: 'page', path }} />
        ) : (
          <p role="status" className="mt-4 rounded-xl bg-surface-alt p-4 text-ink-soft">
            {m.form_unavailable()}
          </p>
        )}
      </div>
    </section>
  )
}
