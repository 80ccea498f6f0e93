import { CmsLink } from '../../ui/cms-link'
import { useSectionHref } from '../page-context'
import type { CardsData } from '../../contract/sections/cards'
import { blockHeadings } from '../headings'

export function Cards({ data, headingLevel }: { data: CardsData; headingLevel: 1 | 2 }) {
  const toHref = useSectionHref()
  if (data.items.length === 0) return null
  const { Heading, Item: ItemHeading } = blockHeadings(headingLevel, Boolean(data.heading))
  return (
    <section className="mx-auto max-w-site px-4 py-16 sm:px-6">
      {data.heading && <Heading className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{data.heading}</Heading>}
      {data.intro && <p className="mt-3 max-w-2xl text-lg text-ink-soft">{data.intro}</p>}
      {/* Four cards sit in one row (or two by two), never three and an orphan. */}
      <ul className={`mt-10 grid gap-6 sm:grid-cols-2 ${data.items.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        {data.items.map((item, index) => {
          const link = item.link ? toHref(item.link.url) : null
          return (
            <li key={`${item.title}-${index}`} className="flex flex-col rounded-2xl border border-line bg-surface p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="mb-4 flex h-11 w-11 items-center justify-center rounded-xl bg-tint text-lg font-black text-link"
              >
                {index + 1}
              </span>
              <ItemHeading className="text-xl font-bold text-ink">{item.title}</ItemHeading>
              {item.text && <p className="mt-2 flex-1 text-ink-soft">{item.text}</p>}
              {link && item.link && (
                <CmsLink {...link} className="mt-4 font-bold text-link hover:underline">
                  {item.link.label}
                </CmsLink>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
