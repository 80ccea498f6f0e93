import type { StatisticsData } from '../../contract/sections/statistics'

export function Statistics({ data, headingLevel }: { data: StatisticsData; headingLevel: 1 | 2 }) {
  if (data.items.length === 0) return null
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section className="border-y border-line-subtle bg-surface-alt">
      <div className="mx-auto max-w-site px-4 py-14 sm:px-6">
        {data.heading && <Heading className="mb-8 text-center text-2xl font-black text-ink">{data.heading}</Heading>}
        <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
          {data.items.map((item) => (
            <div key={item.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm font-bold tracking-wide text-ink-muted uppercase">{item.label}</dt>
              <dd className="text-4xl font-black text-link">{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
