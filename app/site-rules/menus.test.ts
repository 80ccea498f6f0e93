import { describe, expect, it } from 'vitest'
import { reshapeMenus } from '../contract/reshape-site'
import { wireMenuItem } from '../contract/wire-site'
import { buildPrimaryNavigation } from './menus'

describe('buildPrimaryNavigation', () => {
  it('nests primary-submenu items under their primary parent by post_parent', () => {
    const item = (id: number, parent: number | false, url = `/p${id}`) =>
      wireMenuItem.parse({ id, title: `Item ${id}`, url, post_parent: parent })
    const menus = reshapeMenus(
      { primary: [item(1, false), item(2, false), item(3, 1)], 'primary-submenu': [item(11, 1), item(12, 2), item(13, 99)] },
      { ownOrigins: [] },
    )
    const nav = buildPrimaryNavigation(menus)
    expect(nav.map((link) => link.id)).toEqual(['1', '2'])
    expect(nav[0]?.children.map((link) => link.id)).toEqual(['3', '11'])
    expect(nav[1]?.children.map((link) => link.id)).toEqual(['12'])
  })
})
