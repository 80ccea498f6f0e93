/**
 * Requirements §2: four link columns (footer-1 to footer-4), social icons (size 50, each with an
 * accessible name), a review badge, a status badge, the address widget area and a
 * copyright line with the current year.
 */
import { useRouter } from '@tanstack/react-router'
import { m } from '../../paraglide/messages'
import type { MenuLink, Menus, SiteOptions } from '../../contract/model'
import { BELOW_FOLD } from '../../ui/below-fold'
import { CmsLink } from '../../ui/cms-link'
import { ConsentValueProvider, useConsent } from '../../ui/consent-state'
import { islandMarkupKeeper, type KeptMarkup } from '../../ui/kept-markup'
import { KeptFramePart } from '../../ui/kept-frame-part'
import { ConsentSettingsLink } from '../consent/consent-ui'
import { SocialIcon, socialNetworks, StarIcon, type SocialNetwork } from '../../ui/icons'
import { frameMarkupKey, frameShape, yearOfKey } from './frame-markup-key'

const SOCIAL_ICON_SIZE = 50
const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  pinterest: 'Pinterest',
}

function socialLinks(items: MenuLink[]): Array<{ network: SocialNetwork; link: MenuLink }> {
  return socialNetworks.flatMap((network) => {
    const link = items.find((item) => item.title.toLowerCase().includes(network) || item.href.includes(`${network}.com`))
    return link ? [{ network, link }] : []
  })
}

interface SiteFooterProps {
  menus: Menus | null
  options: SiteOptions
  variant: 'default' | 'static'
}

const FOOTER_CLASS = 'mt-20 bg-chrome text-slate-300'

export function SiteFooter(props: SiteFooterProps) {
  // On the server, the footer's markup is rendered once per locale, menus and current link (decision 042).
  // The condition is the build's constant, so the browser's bundle carries none of it.
  const keeper = import.meta.env.SSR ? islandMarkupKeeper() : null
  if (keeper) return <KeptSiteFooter {...props} keeper={keeper} />
  return (
    <footer {...BELOW_FOLD} className={FOOTER_CLASS}>
      <FooterContent {...props} />
    </footer>
  )
}

const FOOTER_COLUMNS = ['footer-1', 'footer-2', 'footer-3', 'footer-4'] as const

/** The footer's markup on the server, kept under what it shows: its menus and options, and which of its links is the page's. */
function KeptSiteFooter({ keeper, ...props }: SiteFooterProps & { keeper: KeptMarkup }) {
  const { menus, options, variant } = props
  const location = useRouter().state.location
  const consent = useConsent()
  const shown = [
    frameShape(options, 'footer', () => ({
      shown: [options.organizationName, options.addressHtml, options.reviewBadge, options.statusBadge],
      routedHrefs: [],
    })),
  ]
  if (menus) {
    shown.push(
      frameShape(menus, 'footer', () => {
        const columns = FOOTER_COLUMNS.map((name) => menus[name])
        // CmsLink: an internal link whose href is a path is a router link; the rest are plain anchors.
        const routed = columns.flat().filter((item) => item.internal && item.href.startsWith('/'))
        return { shown: [columns, menus.socials], routedHrefs: routed.map((item) => item.href) }
      }),
    )
  }
  return (
    <KeptFramePart
      keeper={keeper}
      markupKey={frameMarkupKey(`footer ${variant} ${yearOfKey()}`, shown, location)}
      tag="footer"
      className={FOOTER_CLASS}
      attributes={BELOW_FOLD}
      contexts={(content) => <ConsentValueProvider value={consent}>{content}</ConsentValueProvider>}
    >
      <FooterContent {...props} />
    </KeptFramePart>
  )
}

function FooterContent({ menus, options, variant }: SiteFooterProps) {
  const columns = menus ? FOOTER_COLUMNS.map((name) => menus[name]) : []
  const socials = menus ? socialLinks(menus.socials) : []
  return (
    <>
      {variant === 'default' && (
        <div className="mx-auto grid max-w-site gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.3fr_3fr]">
          <div className="space-y-5">
            <p className="text-lg font-black text-white">{options.organizationName}</p>
            {options.addressHtml && (
              <div
                className="cms-address text-sm leading-relaxed [&_a]:text-white [&_a]:underline-offset-2 [&_a:hover]:underline"
                dangerouslySetInnerHTML={{ __html: options.addressHtml }}
              />
            )}
            <div className="flex flex-wrap gap-3">
              {options.reviewBadge && (
                <a
                  href={options.reviewBadge.url}
                  className="inline-flex items-center gap-2 rounded-full border border-slate-600 px-3 py-1.5 text-xs font-bold text-white hover:border-slate-400"
                  data-testid="review-badge"
                >
                  <span className="flex text-accent" aria-hidden="true">
                    {Array.from({ length: 5 }, (_, index) => (
                      <StarIcon key={index} size={14} />
                    ))}
                  </span>
                  {options.reviewBadge.label}
                </a>
              )}
              {options.statusBadge && (
                <a
                  href={options.statusBadge.url}
                  className="inline-flex items-center gap-2 rounded-full border border-slate-600 px-3 py-1.5 text-xs font-bold text-white hover:border-slate-400"
                  data-testid="status-badge"
                >
                  <span className="h-2.5 w-2.5 rounded-full bg-emerald-400" aria-hidden="true" />
                  {options.statusBadge.label}
                </a>
              )}
            </div>
          </div>
          {columns.some((column) => column.length > 0) && (
            <nav aria-label={m.nav_footer()} className="grid grid-cols-2 gap-8 sm:grid-cols-4">
              {columns.map((column, index) => (
                <ul key={index} className="min-w-0 space-y-3 text-sm hyphens-auto">
                  {column.map((item) => (
                    <li key={item.id}>
                      <CmsLink href={item.href} internal={item.internal} newTab={item.newTab} className="hover:text-white hover:underline">
                        {item.title}
                      </CmsLink>
                    </li>
                  ))}
                </ul>
              ))}
            </nav>
          )}
        </div>
      )}
      <div className="border-t border-slate-700">
        <div className="mx-auto flex max-w-site flex-col items-center justify-between gap-4 px-4 py-6 sm:flex-row sm:px-6">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <p className="text-sm">{m.copyright({ year: new Date().getFullYear(), name: options.organizationName })}</p>
            <ConsentSettingsLink />
          </div>
          {socials.length > 0 && (
            <ul className="flex items-center gap-1" aria-label={m.footer_social()}>
              {socials.map(({ network, link }) => (
                <li key={network}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={m.social_link({ name: options.organizationName, network: networkNames[network] })}
                    className="flex items-center justify-center rounded-full border border-slate-600 text-slate-300 hover:border-slate-300 hover:text-white"
                    style={{ width: SOCIAL_ICON_SIZE, height: SOCIAL_ICON_SIZE }}
                    data-network={network}
                  >
                    <SocialIcon network={network} size={SOCIAL_ICON_SIZE / 2} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </>
  )
}
