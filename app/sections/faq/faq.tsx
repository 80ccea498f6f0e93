/**
 * SPEC §1: an FAQ as an accordion (React Aria Disclosure: Enter or Space toggles, the
 * button says whether it is expanded) with FAQPage structured data.
 */
import { Disclosure, DisclosureGroup, DisclosureHeader, DisclosurePanel } from '../../components/ui/Disclosure'
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
      <DisclosureGroup className="mt-8">
        {data.items.map((item, index) => (
          <Disclosure key={`${item.question}-${index}`} id={String(index)}>
            <DisclosureHeader level={data.heading ? 3 : 2}>{item.question}</DisclosureHeader>
            <DisclosurePanel className="cms-html">
              <div dangerouslySetInnerHTML={{ __html: item.answer_html }} />
            </DisclosurePanel>
          </Disclosure>
        ))}
      </DisclosureGroup>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(structured) }} />
    </section>
  )
}
