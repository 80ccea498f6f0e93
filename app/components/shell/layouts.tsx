/**
 * Requirements §2 Layouts. Default: search overlay, dynamic popups, a hide-on-scroll header with
 * the top menu and the primary menu, breadcrumbs, content, footer (the category, single
 * and tag pages use it too). Static: main navigation, content and footer only (and the
 * support modal, which only a block on the page can open there).
 */
import type { ReactNode } from 'react'
import { m } from '../../paraglide/messages'
import type { Breadcrumb, Language, Menus, Page, SiteOptions } from '../../contract/model'
import { AdminBar } from './admin-bar'
import { Breadcrumbs } from './breadcrumbs'
import { HideOnScrollHeader } from './hide-on-scroll-header'
import { PopupHost } from './popups'
import { NavBar } from './primary-nav'
import { SearchOverlay } from './search-overlay'
import { SiteFooter } from './site-footer'
import { SupportModal } from './support-modal'
import { TopBar } from './top-bar'

export interface SiteLayoutProps {
  layout: 'default' | 'static'
  menus: Menus | null
  options: SiteOptions
  languages?: Language[]
  breadcrumbs?: Breadcrumb[]
  admin?: Page['admin'] | null
  children: ReactNode
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-full bg-surface px-5 py-3 font-bold text-on-tint shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {m.skip_to_content()}
    </a>
  )
}

export function SiteLayout({ layout, menus, options, languages = [], breadcrumbs = [], admin = null, children }: SiteLayoutProps) {
  if (layout === 'static') {
    return (
      <div className="flex min-h-screen flex-col" data-layout="static">
        <SkipLink />
        <header className="border-b border-line bg-surface">
          <NavBar menus={menus} options={options} languages={languages} variant="static" />
        </header>
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter menus={menus} options={options} variant="static" />
        <PopupHost />
        {/* A support-modal trigger block opens it on any page, whatever the layout (requirements §2). */}
        <SupportModal options={options} />
      </div>
    )
  }
  return (
    <div className="flex min-h-screen flex-col" data-layout="default">
      <SkipLink />
      <HideOnScrollHeader>
        <TopBar languages={languages} options={options} />
        <NavBar menus={menus} options={options} languages={languages} variant="default" />
      </HideOnScrollHeader>
      <Breadcrumbs items={breadcrumbs} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter menus={menus} options={options} variant="default" />
      <SearchOverlay />
      <PopupHost />
      <SupportModal options={options} />
      <AdminBar admin={admin} />
    </div>
  )
}
