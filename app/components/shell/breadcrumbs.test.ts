import { describe, expect, it } from 'vitest'
import { siteConfig } from '../../config/site'
import { visibleBreadcrumbs } from './breadcrumbs'

describe('breadcrumbs (requirements §2: hidden when fewer than 2 items)', () => {
  const crumb = (title: string) => ({ href: `/${title}`, title, internal: true })
  it('shows 2 or more items and hides fewer', () => {
    expect(siteConfig.breadcrumbs.minItems).toBe(2)
    expect(visibleBreadcrumbs([])).toBeNull()
    expect(visibleBreadcrumbs([crumb('home')])).toBeNull()
    expect(visibleBreadcrumbs([crumb('home'), crumb('about')])).toHaveLength(2)
  })
})
