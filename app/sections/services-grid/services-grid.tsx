import { CmsLink } from '../../ui/cms-link'
import { useSectionHref } from '../page-context'
import type { ServicesGridData } from '../../contract/sections/services-grid'
import { blockHeadings } from '../headings'

export function ServicesGrid({ data, headingLevel }: { data: ServicesGridData; headingLevel: 1 | 2 }) {
  const toHref = useSectionHref()
  if (data.services.length === 0) return null
  const { Heading, Item } = blockHeadings(headingLevel, Boolean(data.heading))
  return (
    <section className="bg-surface-alt">
      <div className="mx-auto max-w-site px-4 py-16 sm:px-6">
        {data.heading && <Heading className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{data.heading}</Heading>}
        <ul className="mt-10 grid gap-px overflow-hidden rounded-2xl border border-line bg-line sm:grid-cols-2 lg:grid-cols-3">
          {data.services.map((service) => {
            const link = service.link ? toHref(service.link.url) : null
            return (
              <li key={service.title} className="flex flex-col bg-surface p-6">
                <Item className="text-lg font-bold text-ink">{service.title}</Item>
                <p className="mt-2 flex-1 text-ink-soft">{service.text}</p>
                {link && service.link && (
                  <CmsLink {...link} className="mt-4 font-bold text-link hover:underline">
                    {service.link.label} →
                  </CmsLink>
                )}
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
