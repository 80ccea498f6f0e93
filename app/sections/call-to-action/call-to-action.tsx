import { CmsLink } from '../../ui/cms-link'
import { useSectionHref } from '../page-context'
import type { CallToActionData } from '../../contract/sections/call-to-action'

export function CallToAction({ data, headingLevel }: { data: CallToActionData; headingLevel: 1 | 2 }) {
  const toHref = useSectionHref()
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const link = toHref(data.button.url)
  return (
    <section className="mx-auto max-w-site px-4 py-12 sm:px-6">
      <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-900 px-8 py-12 text-white [--color-focus:#fff] sm:px-12 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <Heading className="text-3xl font-black tracking-tight">{data.heading}</Heading>
          {data.text && <p className="mt-3 text-lg text-brand-100">{data.text}</p>}
        </div>
        {link && (
          <CmsLink {...link} className="shrink-0 rounded-full bg-accent px-8 py-3.5 font-bold text-slate-900 shadow hover:bg-amber-400">
            {data.button.label}
          </CmsLink>
        )}
      </div>
    </section>
  )
}
