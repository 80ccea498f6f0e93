import type { TestimonialsData } from '../../contract/sections/testimonials'

export function Testimonials({ data, headingLevel }: { data: TestimonialsData; headingLevel: 1 | 2 }) {
  if (data.items.length === 0) return null
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section className="mx-auto max-w-site px-4 py-16 sm:px-6">
      {data.heading && <Heading className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{data.heading}</Heading>}
      <ul className={`mt-10 grid gap-6 ${data.items.length === 2 ? 'md:grid-cols-2' : 'md:grid-cols-3'}`}>
        {data.items.map((item) => (
          <li key={item.name}>
            <figure className="flex h-full flex-col rounded-2xl bg-tint p-6">
              <blockquote className="flex-1 text-lg text-ink">
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-bold text-ink">{item.name}</span>
                {item.role && <span className="block text-ink-muted">{item.role}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}
