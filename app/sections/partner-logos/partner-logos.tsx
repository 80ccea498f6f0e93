import { Image } from '../../ui/image'
import type { PartnerLogosData } from '../../contract/sections/partner-logos'

export function PartnerLogos({ data, headingLevel }: { data: PartnerLogosData; headingLevel: 1 | 2 }) {
  if (data.logos.length === 0) return null
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section className="mx-auto max-w-site px-4 py-12 sm:px-6">
      {data.heading && <Heading className="text-center text-sm font-bold tracking-widest text-ink-muted uppercase">{data.heading}</Heading>}
      <ul className="mt-8 grid grid-cols-2 items-center gap-8 sm:grid-cols-3 lg:grid-cols-6">
        {data.logos.map((partner) => (
          <li key={partner.name} className="flex justify-center opacity-80 grayscale hover:opacity-100 hover:grayscale-0">
            <Image image={partner.logo} alt={partner.name} sizes="10rem" className="h-10 w-auto" />
          </li>
        ))}
      </ul>
    </section>
  )
}
