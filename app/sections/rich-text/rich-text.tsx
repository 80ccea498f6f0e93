import type { RichTextData } from '../../contract/sections/rich-text'

export function RichText({ data, headingLevel }: { data: RichTextData; headingLevel: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      {data.heading && <Heading className="mb-6 text-3xl font-black tracking-tight text-ink">{data.heading}</Heading>}
      <div className="cms-html" dangerouslySetInnerHTML={{ __html: data.body_html }} />
    </section>
  )
}
