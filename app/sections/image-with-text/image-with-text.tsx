import { Image } from '../../ui/image'
import type { ImageWithTextData } from '../../contract/sections/image-with-text'

export function ImageWithText({ data, headingLevel }: { data: ImageWithTextData; headingLevel: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section className="mx-auto grid max-w-site items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
      <div className={data.image_side === 'left' ? 'lg:order-2' : undefined}>
        <Heading className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{data.heading}</Heading>
        <div className="cms-html mt-4 text-lg" dangerouslySetInnerHTML={{ __html: data.body_html }} />
      </div>
      <Image image={data.image} sizes="(min-width: 1024px) 40rem, 100vw" className="w-full rounded-3xl object-cover" />
    </section>
  )
}
