import { describe, expect, it } from 'vitest'
import { siteConfig } from '../../app.config'
import { reshapeMenus } from '../content/reshape'
import { wireMenuItem } from '../content/wire'
import { visibleBreadcrumbs } from '../components/shell/breadcrumbs'
import { nextHeaderHidden } from './header'
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

describe('hide-on-scroll header (SPEC §9: offset -78, down tolerance 0)', () => {
  const base = {
    hidden: false,
    offset: siteConfig.header.hideOffset,
    downTolerance: siteConfig.header.downTolerance,
    focusWithin: false,
    reducedMotion: false,
  }

  it('hides when scrolling down past 78 px and shows again when scrolling up', () => {
    expect(nextHeaderHidden({ ...base, y: 60, lastY: 40 })).toBe(false)
    expect(nextHeaderHidden({ ...base, y: 79, lastY: 78 })).toBe(true)
    expect(nextHeaderHidden({ ...base, hidden: true, y: 300, lastY: 310 })).toBe(false)
    expect(nextHeaderHidden({ ...base, hidden: true, y: 300, lastY: 300 })).toBe(true)
  })

  it('stays put for reduced motion and while focus is inside', () => {
    expect(nextHeaderHidden({ ...base, y: 500, lastY: 100, reducedMotion: true })).toBe(false)
    expect(nextHeaderHidden({ ...base, y: 500, lastY: 100, focusWithin: true })).toBe(false)
  })
})

describe('breadcrumbs (SPEC §2: hidden when fewer than 2 items)', () => {
  const crumb = (title: string) => ({ href: `/${title}`, title, internal: true })
  it('shows 2 or more items and hides fewer', () => {
    expect(siteConfig.breadcrumbs.minItems).toBe(2)
    expect(visibleBreadcrumbs([])).toBeNull()
    expect(visibleBreadcrumbs([crumb('home')])).toBeNull()
    expect(visibleBreadcrumbs([crumb('home'), crumb('about')])).toHaveLength(2)
  })
})
