import { describe, expect, it } from 'vitest'
import { takeConsoleOutput } from '../../../tests/setup/fail-on-console'
import { checkSections } from './sections.server'

describe('sections checked on the server', () => {
  it('keeps sections their block accepts, in its reading of the data; leaves out unknown layouts and refused data, with a warning', () => {
    const checked = checkSections(
      [
        { key: 'a', layout: 'statistics', animate: false, data: { items: [{ value: '1', label: 'First' }] } },
        { key: 'b', layout: 'no_such_block', animate: false, data: {} },
        { key: 'c', layout: 'call_to_action', animate: false, data: { heading: 42 } },
        {
          key: 'd',
          layout: 'image_with_text',
          animate: false,
          data: { heading: 'Pictured', body_html: '<p>Hi</p>', image: { url: '/a.png', width: 10, height: 5 } },
        },
      ],
      'about',
    )
    expect(checked.map((section) => section.key)).toEqual(['a', 'd'])
    // The block's schema turns the wire image into the app's Image.
    expect(checked[1]?.data.image).toEqual({ src: '/a.png', width: 10, height: 5, alt: '', error: false, sizes: [] })
    const warnings = takeConsoleOutput()
    expect(warnings.some((line) => line.includes('no_such_block'))).toBe(true)
    expect(warnings.some((line) => line.includes('call_to_action'))).toBe(true)
  })
})
