/**
 * Requirements §2: the primary navigation with dropdown sub-items, a shop link with a cart icon
 * and a search icon that opens the search overlay. On phones it collapses into a menu
 * button and a drawer. The menus and the drawer load when first needed.
 */
import { Link, useRouter } from '@tanstack/react-router'
import { Suspense, useEffect, useState, type ReactElement } from 'react'
import type { Language, MenuLink, Menus, SiteOptions } from '../../contract/model'
import { prefetchOnEngagement, prefetchWhenIdle } from '../../lib/prefetch'
import { buildPrimaryNavigation } from '../../site-rules/menus'
import { m } from '../../paraglide/messages'
import { CmsLink } from '../../ui/cms-link'
import { CartIcon, ChevronDownIcon, MenuIcon, SearchIcon } from '../../ui/icons'
import { lazyWithPreload } from '../../ui/lazy'
import { narrowIcon } from '../../ui/button-styles'
import { PlainButton } from '../../ui/PlainButton'
import { LanguageSwitcher } from './language-switcher'
import { ThemeSwitcher } from './theme-switcher'
import { preloadSearch } from './search-overlay'
import { ShellValueProvider, useShell } from '../../ui/shell-state'
import { islandMarkupKeeper, type KeptMarkup } from '../../ui/kept-markup'
import { KeptFramePart } from '../../ui/kept-frame-part'
import { frameMarkupKey, frameShape } from './frame-markup-key'
import { useMenuTrigger } from './use-menu-trigger'

/** Where the navigation bar shows its dropdowns (Tailwind's `lg`, as its `hidden lg:block`). */
const DESKTOP_NAVIGATION = '(min-width: 64rem)'

const MenuPopover = lazyWithPreload(() => import('./overlays/menu-popover'))
const MobileDrawer = lazyWithPreload(() => import('./overlays/mobile-drawer'))

export interface NavBarProps {
  menus: Menus | null
  options: SiteOptions
  languages: Language[]
  /** The static layout shows the main navigation only: no search, no drawer extras. */
  variant: 'default' | 'static'
}

export function NavBar({ menus, options, languages, variant }: NavBarProps) {
  const items = menus ? buildPrimaryNavigation(menus) : []
  // On the server, the default layout's menu and buttons are rendered once per locale, menus and current link
  // (decision 042). The logo renders in place: React preloads its image from the page's head. The static
  // layout's buttons carry the language menu, whose links are the page's own: its bar renders in place.
  // The condition is the build's constant, so the browser's bundle carries none of it.
  const keeper = import.meta.env.SSR && variant === 'default' ? islandMarkupKeeper() : null
  // The dropdown menus (navigation and language) are the shell's most used widget: their code
  // comes when the browser is idle, so a keyboard user's first Enter never waits for it (not
  // on a slow connection or with Save-Data: there it comes on hover, focus or press). Only
  // where the navigation's dropdowns are shown: on a phone they are in the drawer, and
  // evaluating React Aria's menu and popover code would be a long task for a menu nobody sees.
  useEffect(() => (window.matchMedia(DESKTOP_NAVIGATION).matches ? prefetchWhenIdle(MenuPopover.preload) : undefined), [])
  const actions = <NavActions items={items} options={options} languages={languages} variant={variant} />
  return (
    <div className="mx-auto flex h-16 max-w-site items-center gap-2 px-4 min-[360px]:gap-4 sm:px-6 lg:h-[4.25rem]">
      {/* On the narrowest phones (320 px, WCAG 1.4.10) the name wraps beside the logo rather than pushing the buttons off screen. */}
      <Link
        to="/"
        className="mr-auto flex min-w-0 items-center gap-2 rounded-lg text-sm leading-tight font-black tracking-tight text-ink min-[360px]:gap-2.5 min-[360px]:text-base sm:gap-3 sm:text-lg sm:whitespace-nowrap"
      >
        <img src={options.logoUrl ?? '/logo.svg'} alt="" width={36} height={36} className="h-9 w-9 shrink-0" />
        <span className="min-w-0">{options.organizationName}</span>
      </Link>
      {menus &&
        items.length > 0 &&
        (keeper ? (
          <KeptPrimaryNav keeper={keeper} menus={menus} items={items} />
        ) : (
          <nav aria-label={m.nav_main()} className={PRIMARY_NAV_CLASS}>
            <PrimaryNavList items={items} />
          </nav>
        ))}
      {keeper ? (
        <KeptNavActions keeper={keeper} options={options} hasItems={items.length > 0}>
          {actions}
        </KeptNavActions>
      ) : (
        <div className={NAV_ACTIONS_CLASS}>{actions}</div>
      )}
    </div>
  )
}

const PRIMARY_NAV_CLASS = 'hidden lg:block'
const NAV_ACTIONS_CLASS = 'flex shrink-0 items-center min-[360px]:gap-1'

/** The primary menu's markup on the server, kept under the menu and which of its links is the page's. */
function KeptPrimaryNav({ keeper, menus, items }: { keeper: KeptMarkup; menus: Menus; items: MenuLink[] }) {
  const location = useRouter().state.location
  const shell = useShell()
  const shown = frameShape(menus, 'primary-nav', () => ({
    shown: items,
    routedHrefs: items
      .flatMap((item) => [item, ...item.children])
      .filter((link) => link.internal && link.href.startsWith('/'))
      .map((link) => link.href),
  }))
  return (
    <KeptFramePart
      keeper={keeper}
      markupKey={frameMarkupKey('primary-nav', [shown], location)}
      tag="nav"
      attributes={{ 'aria-label': m.nav_main() }}
      className={PRIMARY_NAV_CLASS}
      contexts={(content) => <ShellValueProvider value={shell}>{content}</ShellValueProvider>}
    >
      <PrimaryNavList items={items} />
    </KeptFramePart>
  )
}

/** The bar's buttons on the server, kept under the shop link and whether there is a menu: no link of theirs is the page's. */
function KeptNavActions({
  keeper,
  options,
  hasItems,
  children,
}: {
  keeper: KeptMarkup
  options: SiteOptions
  hasItems: boolean
  children: ReactElement
}) {
  const location = useRouter().state.location
  const shell = useShell()
  const shown = frameShape(options, 'nav-actions', () => ({ shown: [options.shopUrl], routedHrefs: [] }))
  return (
    <KeptFramePart
      keeper={keeper}
      markupKey={frameMarkupKey(`nav-actions ${hasItems ? 'menu' : 'no-menu'}`, [shown], location)}
      tag="div"
      className={NAV_ACTIONS_CLASS}
      contexts={(content) => <ShellValueProvider value={shell}>{content}</ShellValueProvider>}
    >
      {children}
    </KeptFramePart>
  )
}

function PrimaryNavList({ items }: { items: MenuLink[] }) {
  return (
    <ul className="flex items-center gap-1">
      {items.map((item) => (
        <li key={item.id}>{item.children.length > 0 ? <NavDropdown item={item} /> : <NavLink item={item} />}</li>
      ))}
    </ul>
  )
}

function NavActions({
  items,
  options,
  languages,
  variant,
}: {
  items: MenuLink[]
  options: SiteOptions
  languages: Language[]
  variant: 'default' | 'static'
}) {
  const { setSearchOpen } = useShell()
  return (
    <>
      {/* The static layout has no top bar: its language menu sits in the main navigation. */}
      {variant === 'static' && (
        <div className="hidden lg:block">
          <LanguageSwitcher languages={languages} tone="light" />
        </div>
      )}
      {options.shopUrl && (
        <a
          href={options.shopUrl}
          aria-label={m.shop()}
          title={m.shop()}
          className="inline-flex h-11 w-10 items-center justify-center rounded-full text-ink-soft hover:bg-surface-sunken hover:text-ink min-[360px]:w-11"
        >
          <CartIcon />
        </a>
      )}
      <ThemeSwitcher />
      {variant === 'default' && (
        <PlainButton
          variant="icon"
          aria-label={m.search_open()}
          aria-haspopup="dialog"
          onPointerEnter={preloadSearch}
          onFocus={preloadSearch}
          onClick={() => setSearchOpen(true)}
          data-testid="search-button"
          className={narrowIcon}
        >
          <SearchIcon />
        </PlainButton>
      )}
      {items.length > 0 && <MobileMenuButton items={items} languages={languages} />}
    </>
  )
}

const navLinkClass =
  'inline-flex items-center gap-1 rounded-full px-4 py-2 text-sm font-bold text-ink-soft hover:bg-surface-sunken hover:text-ink'

function NavLink({ item }: { item: MenuLink }) {
  return (
    <CmsLink href={item.href} internal={item.internal} newTab={item.newTab} className={navLinkClass}>
      {item.title}
    </CmsLink>
  )
}

function NavDropdown({ item }: { item: MenuLink }) {
  const { openPopup } = useShell()
  const menu = useMenuTrigger(MenuPopover.preload)
  const entries = [{ ...item, title: m.nav_overview({ title: item.title }), children: [] }, ...item.children]
  return (
    <>
      <PlainButton {...menu.triggerProps} variant="nav">
        {item.title}
        <ChevronDownIcon size={16} />
      </PlainButton>
      {menu.isOpen && (
        <Suspense fallback={null}>
          <MenuPopover
            triggerRef={menu.triggerRef}
            label={item.title}
            autoFocus={menu.autoFocus}
            onClose={menu.close}
            takeQueuedKeys={menu.takeQueuedKeys}
            entries={entries.map((entry) => ({
              id: entry.id,
              label: entry.title,
              textValue: entry.title,
              // A popup entry opens its dialog; the others are links.
              href: entry.popupId ? undefined : entry.href,
              newTab: entry.newTab,
            }))}
            onAction={(id) => {
              const popupId = entries.find((entry) => entry.id === id)?.popupId
              if (popupId) openPopup(popupId)
            }}
          />
        </Suspense>
      )}
    </>
  )
}

function MobileMenuButton({ items, languages }: { items: MenuLink[]; languages: Language[] }) {
  const [open, setOpen] = useState(false)
  // On a phone the drawer is the navigation. Loaded on the tap itself, its code (and React
  // Aria's overlay code, which the search and popups share) was most of the second a slowed
  // phone took to show it. It comes at idle time once the visitor first touches, types or
  // scrolls, so that the tap only renders it; not at load, where it would be a long task for
  // a visitor who never uses the page (docs/decisions/061).
  useEffect(() => (window.matchMedia(DESKTOP_NAVIGATION).matches ? undefined : prefetchOnEngagement(MobileDrawer.preload)), [])
  return (
    <>
      <PlainButton
        variant="icon"
        aria-label={m.nav_open_menu()}
        className={`lg:hidden ${narrowIcon}`}
        data-testid="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={MobileDrawer.preload}
        onFocus={MobileDrawer.preload}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </PlainButton>
      {open && (
        <Suspense fallback={null}>
          <MobileDrawer items={items} languages={languages} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
