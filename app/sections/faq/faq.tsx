/**
 * Requirements §1: an FAQ as an accordion with FAQPage structured data. Each question is a native
 * `<details>`/`<summary>` (docs/decisions/021): the browser gives it its keyboard and
 * screen-reader behaviour (a button, Enter or Space toggles, expanded or collapsed), it
 * works before any script has run, find-in-page opens the answer it finds, and items of
 * one FAQ sharing a `name` keep one answer open at a time, as React Aria's group did.
 */
import { useId } from 'react'
import { ChevronDownIcon } from '../../ui/icons'
import { htmlToPlainText, jsonLdScript } from '../json-ld'
import type { FaqData } from '../../contract/sections/faq'

export function Faq({ data, headingLevel }: { data: FaqData; headingLevel: 1 | 2 }) {
  const group = useId()
  if (data.items.length === 0) return null
  const SectionHeading = headingLevel === 1 ? 'h1' : 'h2'
  const QuestionHeading = data.heading ? 'h3' : 'h2'
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
      <div className="mt-8 divide-y divide-line rounded-2xl border border-line">
        {data.items.map((item, index) => (
          <details key={`${item.question}-${index}`} name={group} className="group">
            {/* The ring sits inside the item (the box's border would cut an outside one), rounded like its corners. */}
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-ink -outline-offset-3 group-first:rounded-t-2xl group-last:not-open:rounded-b-2xl [&::-webkit-details-marker]:hidden">
              <QuestionHeading className="m-0 text-lg font-bold">{item.question}</QuestionHeading>
              <ChevronDownIcon
                size={20}
                className="shrink-0 text-link transition-transform group-open:rotate-180 motion-reduce:transition-none"
              />
            </summary>
            <div className="cms-html px-5 pb-5" dangerouslySetInnerHTML={{ __html: item.answer_html }} />
          </details>
        ))}
      </div>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(structured) }} />
    </section>
  )
}
