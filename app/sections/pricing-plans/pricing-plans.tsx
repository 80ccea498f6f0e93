import { CmsLink } from '../../ui/cms-link'
import { useSectionHref } from '../page-context'
import type { PricingPlansData } from '../../contract/sections/pricing-plans'
import { blockHeadings } from '../headings'

export function PricingPlans({ data, headingLevel }: { data: PricingPlansData; headingLevel: 1 | 2 }) {
  const toHref = useSectionHref()
  if (data.plans.length === 0) return null
  const { Heading, Item: Name } = blockHeadings(headingLevel, Boolean(data.heading))
  return (
    <section className="mx-auto max-w-site px-4 py-16 sm:px-6">
      {data.heading && <Heading className="text-center text-3xl font-black tracking-tight text-ink sm:text-4xl">{data.heading}</Heading>}
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {data.plans.map((plan) => {
          const link = plan.cta ? toHref(plan.cta.url) : null
          return (
            <li
              key={plan.name}
              className={`flex flex-col rounded-3xl border p-8 ${plan.highlighted ? 'border-brand-700 bg-brand-900 text-white shadow-xl [--color-focus:#fff]' : 'border-line bg-surface'}`}
            >
              <Name className="text-xl font-black">{plan.name}</Name>
              <p className="mt-4">
                <span className="text-4xl font-black">{plan.price}</span>
                {plan.period && <span className={plan.highlighted ? 'text-brand-100' : 'text-ink-muted'}> {plan.period}</span>}
              </p>
              <ul className={`mt-6 flex-1 space-y-2 ${plan.highlighted ? 'text-brand-50' : 'text-ink-soft'}`}>
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true">✓</span>
                    {feature}
                  </li>
                ))}
              </ul>
              {link && plan.cta && (
                <CmsLink
                  {...link}
                  className={`mt-8 rounded-full px-6 py-3 text-center font-bold ${plan.highlighted ? 'bg-accent text-slate-900 hover:bg-amber-400' : 'bg-brand-700 text-white hover:bg-brand-800'}`}
                >
                  {plan.cta.label}
                </CmsLink>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
