/**
 * The page frame: header with the primary menu, content, footer. The shell issue turns
 * this into the full default and static layouts (top bar, dropdowns, overlays).
 */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { m } from '../paraglide/messages'
import type { Menus, SiteOptions } from '../server/content/types'
import { CmsLink } from './cms-link'

export interface SiteFrameProps {
  layout: 'default' | 'static'
  menus: Menus | null
  options: SiteOptions
  children: ReactNode
}

export function SiteFrame({ layout, menus, options, children }: SiteFrameProps) {
  const footerColumns = menus ? [menus['footer-1'], menus['footer-2'], menus['footer-3'], menus['footer-4']] : []
  return (
    <div className="flex min-h-screen flex-col" data-layout={layout}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:font-bold focus:text-brand-800 focus:shadow-lg"
      >
        {m.skip_to_content()}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-site flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <Link to="/" className="flex items-center gap-3 text-lg font-black tracking-tight text-ink">
            <img src={options.logoUrl ?? '/logo.svg'} alt="" width={36} height={36} className="h-9 w-9" />
            <span>{options.organizationName}</span>
          </Link>
          {menus && menus.primary.length > 0 && (
            <nav aria-label={m.nav_main()}>
              <ul className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm font-bold text-ink-soft">
                {menus.primary.map((item) => (
                  <li key={item.id}>
                    <CmsLink href={item.href} internal={item.internal} newTab={item.newTab} className="hover:text-brand-700">
                      {item.title}
                    </CmsLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <footer className="mt-16 bg-ink text-slate-300">
        {layout === 'default' && footerColumns.some((column) => column.length > 0) && (
          <nav aria-label={m.nav_footer()} className="mx-auto grid max-w-site gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
            {footerColumns.map((column, index) => (
              <ul key={index} className="space-y-2 text-sm">
                {column.map((item) => (
                  <li key={item.id}>
                    <CmsLink href={item.href} internal={item.internal} newTab={item.newTab} className="hover:text-white">
                      {item.title}
                    </CmsLink>
                  </li>
                ))}
              </ul>
            ))}
          </nav>
        )}
        <p className="border-t border-slate-700 px-4 py-6 text-center text-sm">
          {m.copyright({ year: new Date().getFullYear(), name: options.organizationName })}
        </p>
      </footer>
    </div>
  )
}
