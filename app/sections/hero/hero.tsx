import { CmsLink } from '../../ui/cms-link'
import { BackgroundImage } from '../../ui/image'
import { useSectionHref } from '../page-context'
import type { HeroData } from '../../contract/sections/hero'

export function Hero({ data, headingLevel }: { data: HeroData; headingLevel: 1 | 2 }) {
  const toHref = useSectionHref()
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const primary = data.cta ? toHref(data.cta.url) : null
  const secondary = data.secondary_cta ? toHref(data.secondary_cta.url) : null
  return (
    <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white [--color-focus:#fff]">
      {/* The hero is the first thing on the page: its background loads at once. */}
      <BackgroundImage image={data.background_image ?? null} priority className="bg-brand-950">
        <div className={data.background_image ? 'bg-gradient-to-r from-brand-950/95 via-brand-950/80 to-brand-900/40' : undefined}>
          <div className="mx-auto max-w-site px-4 py-20 sm:px-6 sm:py-28">
            {data.eyebrow && <p className="text-sm font-bold tracking-widest text-brand-200 uppercase">{data.eyebrow}</p>}
            <Heading className="mt-3 max-w-3xl text-4xl font-black tracking-tight sm:text-6xl">{data.heading}</Heading>
            {data.text && <p className="mt-6 max-w-2xl text-lg text-brand-100">{data.text}</p>}
            {(primary || secondary) && (
              <div className="mt-10 flex flex-wrap gap-4">
                {primary && data.cta && (
                  <CmsLink {...primary} className="rounded-full bg-accent px-7 py-3 font-bold text-slate-900 shadow hover:bg-amber-400">
                    {data.cta.label}
                  </CmsLink>
                )}
                {secondary && data.secondary_cta && (
                  <CmsLink
                    {...secondary}
                    className="rounded-full border-2 border-white/70 px-7 py-3 font-bold text-white hover:bg-white/10"
                  >
                    {data.secondary_cta.label}
                  </CmsLink>
                )}
              </div>
            )}
          </div>
        </div>
      </BackgroundImage>
    </section>
  )
}
