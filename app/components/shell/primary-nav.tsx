/**
 * SPEC §2: the primary navigation with dropdown sub-items, a shop link with a cart icon
 * and a search icon that opens the search overlay. On phones it collapses into a menu
 * button and a drawer.
 */
import { DialogTrigger, MenuTrigger } from 'react-aria-components'
import { buildPrimaryNavigation } from '../../lib/menus'
import { m } from '../../paraglide/messages'
import type { Language, MenuLink, Menus, SiteOptions } from '../../content/model'
import { CmsLink } from '../cms-link'
import { CartIcon, ChevronDownIcon, MenuIcon, SearchIcon } from '../icons'
import { Button } from '../ui/Button'
import { Dialog } from '../ui/Dialog'
import { Menu, MenuItem } from '../ui/Menu'
import { Modal } from '../ui/Modal'
import { LanguageSwitcher } from './language-switcher'
import { useShell } from './shell-state'
import { RouterLink } from '../ui/Link'

export interface NavBarProps {
  menus: Menus | null
  options: SiteOptions
  languages: Language[]
  /** The static layout shows the main navigation only: no search, no drawer extras. */
  variant: 'default' | 'static'
}

export function NavBar({ menus, options, languages, variant }: NavBarProps) {
  const items = menus ? buildPrimaryNavigation(menus) : []
  const { setSearchOpen } = useShell()
  return (
    <div className="mx-auto flex h-16 max-w-site items-center gap-4 px-4 sm:px-6 lg:h-[4.25rem]">
      <RouterLink
        to="/"
        className="mr-auto flex items-center gap-2.5 rounded-lg text-base font-black tracking-tight whitespace-nowrap text-ink sm:gap-3 sm:text-lg"
      >
        <img src={options.logoUrl ?? '/logo.svg'} alt="" width={36} height={36} className="h-9 w-9" />
        <span>{options.organizationName}</span>
      </RouterLink>
      {items.length > 0 && (
        <nav aria-label={m.nav_main()} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.id}>{item.children.length > 0 ? <NavDropdown item={item} /> : <NavLink item={item} />}</li>
            ))}
          </ul>
        </nav>
      )}
      <div className="flex items-center gap-1">
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
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-soft hover:bg-slate-100 hover:text-ink"
          >
            <CartIcon />
          </a>
        )}
        {variant === 'default' && (
          <Button variant="icon" aria-label={m.search_open()} onPress={() => setSearchOpen(true)} data-testid="search-button">
            <SearchIcon />
          </Button>
        )}
        {items.length > 0 && <MobileDrawer items={items} languages={languages} />}
      </div>
    </div>
  )
}

const navLinkClass =
  'inline-flex items-center gap-1 rounded-full px-4 py-2 text-sm font-bold text-ink-soft hover:bg-slate-100 hover:text-ink'

function NavLink({ item }: { item: MenuLink }) {
  return (
    <CmsLink href={item.href} internal={item.internal} newTab={item.newTab} className={navLinkClass}>
      {item.title}
    </CmsLink>
  )
}

function NavDropdown({ item }: { item: MenuLink }) {
  const { openPopup } = useShell()
  const entries = [{ ...item, title: m.nav_overview({ title: item.title }), children: [] }, ...item.children]
  return (
    <MenuTrigger>
      <Button variant="quiet" className={navLinkClass}>
        {item.title}
        <ChevronDownIcon size={16} />
      </Button>
      <Menu aria-label={item.title} items={entries}>
        {(entry) =>
          entry.popupId ? (
            <MenuItem id={entry.id} onAction={() => entry.popupId && openPopup(entry.popupId)}>
              {entry.title}
            </MenuItem>
          ) : (
            <MenuItem
              id={entry.id}
              href={entry.href}
              target={entry.newTab ? '_blank' : undefined}
              rel={entry.newTab ? 'noopener noreferrer' : undefined}
            >
              {entry.title}
            </MenuItem>
          )
        }
      </Menu>
    </MenuTrigger>
  )
}

function MobileDrawer({ items, languages }: { items: MenuLink[]; languages: Language[] }) {
  return (
    <DialogTrigger>
      <Button variant="icon" aria-label={m.nav_open_menu()} className="lg:hidden" data-testid="menu-button">
        <MenuIcon />
      </Button>
      <Modal placement="drawer">
        <Dialog title={m.nav_menu_title()} closeLabel={m.nav_close_menu()}>
          {({ close }) => (
            <nav
              aria-label={m.nav_main()}
              className="mt-6"
              onClick={(event) => {
                // A followed link closes the drawer (popup links open their dialog on top).
                if (event.target instanceof Element && event.target.closest('a[href]')) close()
              }}
            >
              <ul className="space-y-1">
                {items.map((item) => (
                  <li key={item.id}>
                    <CmsLink
                      href={item.href}
                      internal={item.internal}
                      newTab={item.newTab}
                      className="block rounded-lg px-3 py-3 text-lg font-bold text-ink hover:bg-slate-100"
                    >
                      {item.title}
                    </CmsLink>
                    {item.children.length > 0 && (
                      <ul className="mb-2 ml-3 border-l-2 border-slate-200 pl-3">
                        {item.children.map((child) => (
                          <li key={child.id}>
                            <CmsLink
                              href={child.href}
                              internal={child.internal}
                              newTab={child.newTab}
                              className="block rounded-lg px-3 py-2 font-bold text-ink-soft hover:bg-slate-100"
                            >
                              {child.title}
                            </CmsLink>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
              {languages.length > 1 && (
                <div className="mt-6 border-t border-slate-200 pt-4">
                  <LanguageSwitcher languages={languages} tone="light" />
                </div>
              )}
            </nav>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  )
}
