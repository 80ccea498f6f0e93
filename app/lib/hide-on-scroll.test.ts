import { describe, expect, it } from 'vitest'
import { siteConfig } from '../config/site'
import { nextHeaderHidden } from './hide-on-scroll'

describe('hide-on-scroll header (requirements §9: offset -78, down tolerance 0)', () => {
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
