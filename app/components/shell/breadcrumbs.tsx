import { siteConfig } from '../../config/site'
import { m } from '../../paraglide/messages'
import type { Breadcrumb } from '../../contract/model'
import { CmsLink } from '../../ui/cms-link'

/** Requirements §2 and §9: breadcrumbs are hidden when there are fewer than 2 items. */
export function visibleBreadcrumbs(items: Breadcrumb[]): Breadcrumb[] | null {
  return items.length < siteConfig.breadcrumbs.minItems ? null : items
}

export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  const visible = visibleBreadcrumbs(items)
  if (!visible) return null
  return (
    <nav aria-label={m.breadcrumbs()} className="border-b border-line-subtle bg-surface-alt">
      <ol className="mx-auto flex max-w-site flex-wrap items-center gap-x-2 gap-y-1 px-4 py-3 text-sm text-ink-muted sm:px-6">
        {visible.map((item, index) => {
          const last = index === visible.length - 1
          return (
            <li key={`${item.href}-${index}`} className="flex items-center gap-2">
              {last ? (
                <CmsLink href={item.href} internal={item.internal} aria-current="page" className="font-bold text-ink">
                  {item.title}
                </CmsLink>
              ) : (
                <>
                  <CmsLink href={item.href} internal={item.internal} className="hover:text-link hover:underline">
                    {item.title}
                  </CmsLink>
                  <span aria-hidden="true" className="text-slate-400">
                    /
                  </span>
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
