/**
 * Requirements §2 and §3: the primary navigation is built from the `primary` and
 * `primary-submenu` locations; submenu items nest under the primary item whose id is
 * their `post_parent`.
 */
import type { MenuLink, Menus } from '../contract/model'

export function buildPrimaryNavigation(menus: Menus): MenuLink[] {
  const submenu = menus['primary-submenu']
  return menus.primary.map((item) => {
    const extra = submenu.filter((child) => child.parentId === item.id)
    return extra.length === 0 ? item : { ...item, children: [...item.children, ...extra] }
  })
}
