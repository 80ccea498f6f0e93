import { Image } from '../../ui/image'
import type { TeamData } from '../../contract/sections/team'
import { blockHeadings } from '../headings'

export function Team({ data, headingLevel }: { data: TeamData; headingLevel: 1 | 2 }) {
  if (data.members.length === 0) return null
  const { Heading, Item: Name } = blockHeadings(headingLevel, Boolean(data.heading))
  return (
    <section className="mx-auto max-w-site px-4 py-16 sm:px-6">
      {data.heading && <Heading className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{data.heading}</Heading>}
      <ul className="mt-10 grid grid-cols-2 gap-8 md:grid-cols-4">
        {data.members.map((member) => (
          <li key={member.name} className="text-center">
            <Image
              image={member.photo ?? null}
              alt=""
              sizes="12rem"
              className="mx-auto aspect-square w-full max-w-48 rounded-full object-cover"
            />
            <Name className="mt-4 font-bold text-ink">{member.name}</Name>
            <p className="text-sm text-ink-muted">{member.role}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
