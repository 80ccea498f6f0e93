/**
 * SPEC §1: an FAQ as an accordion (React Aria Disclosure: Enter or Space toggles, the
 * button says whether it is expanded) with FAQPage structured data.
 */
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components'
import { ChevronDownIcon } from '../../components/icons'
import { htmlToPlainText, jsonLdScript } from '../json-ld'
import type { FaqData } from './schema'

export function Faq({ data, headingLevel }: { data: FaqData; headingLevel: 1 | 2 }) {
  if (data.items.length === 0) return null
  const SectionHeading = headingLevel === 1 ? 'h1' : 'h2'
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: data.items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: htmlToPlainText(item.answer_html) },
    })),
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      {data.heading && <SectionHeading className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{data.heading}</SectionHeading>}
      <DisclosureGroup className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {data.items.map((item, index) => (
          <Disclosure key={`${item.question}-${index}`} id={String(index)} className="group">
            <Heading level={data.heading ? 3 : 2} className="m-0">
              <Button
                slot="trigger"
                className="flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-lg font-bold text-ink outline-none data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-3 data-[focus-visible]:outline-brand-600"
              >
                {item.question}
                <ChevronDownIcon
                  size={20}
                  className="shrink-0 text-brand-700 transition-transform group-data-[expanded]:rotate-180 motion-reduce:transition-none"
                />
              </Button>
            </Heading>
            <DisclosurePanel className="cms-html px-5 pb-5">
              <div dangerouslySetInnerHTML={{ __html: item.answer_html }} />
            </DisclosurePanel>
          </Disclosure>
        ))}
      </DisclosureGroup>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(structured) }} />
    </section>
  )
}
