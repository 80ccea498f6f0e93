/**
 * The phone menu (requirements §2: the primary navigation collapses on phones): a drawer dialog
 * with every menu item and the language switch, loaded when the menu button is first
 * hovered, focused or pressed.
 */
import type { Language, MenuLink } from '../../../contract/model'
import { m } from '../../../paraglide/messages'
import { CmsLink } from '../../../ui/cms-link'
import { AriaProviders } from '../../../ui/aria/aria-providers'
import { Dialog } from '../../../ui/aria/Dialog'
import { Modal } from '../../../ui/aria/Modal'
import { LanguageSwitcher } from '../language-switcher'

export default function MobileDrawer({ items, languages, onClose }: { items: MenuLink[]; languages: Language[]; onClose: () => void }) {
  return (
    <AriaProviders>
      <Modal isOpen onOpenChange={(open) => !open && onClose()} placement="drawer">
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
                      className="block rounded-lg px-3 py-3 text-lg font-bold text-ink hover:bg-surface-sunken"
                    >
                      {item.title}
                    </CmsLink>
                    {item.children.length > 0 && (
                      <ul className="mb-2 ml-3 border-l-2 border-line pl-3">
                        {item.children.map((child) => (
                          <li key={child.id}>
                            <CmsLink
                              href={child.href}
                              internal={child.internal}
                              newTab={child.newTab}
                              className="block rounded-lg px-3 py-2 font-bold text-ink-soft hover:bg-surface-sunken"
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
                <div className="mt-6 border-t border-line pt-4">
                  <LanguageSwitcher languages={languages} tone="light" />
                </div>
              )}
            </nav>
          )}
        </Dialog>
      </Modal>
    </AriaProviders>
  )
}
