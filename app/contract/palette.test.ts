/**
 * The contract's palette (docs/decisions/028): only plain slugs and real colours reach the
 * CSS the site writes, in both themes.
 */
import { describe, expect, it } from 'vitest'
import { baseResponseFixture } from '../../tests/fixtures/wire'
import { paletteColor, paletteCss } from './palette'
import { reshapeBaseResponse } from './reshape'
import { wireBaseResponse } from './wire'

describe('the palette', () => {
  it('keeps plain slugs with hex, rgb() or hsl() colours, and the backend’s dark value or one made to read', () => {
    const fixture = baseResponseFixture()
    const palette = [
      { slug: 'Brand', color: '#1645DE', dark: '#8ec2ff' },
      { slug: 'soft', color: 'rgb(238, 246, 255)' },
      { slug: 'x}body{display:none', color: '#000' },
      { slug: 'evil', color: 'red;}</style><script>alert(1)</script>' },
      { slug: 'url', color: 'url(https://evil.example/x.png)' },
      { slug: 'dark-bad', color: '#fff', dark: 'var(--x)' },
      { slug: 'brand', color: '#000' },
    ]
    const wire = wireBaseResponse.parse({ ...fixture, result: { ...fixture.result, options: { ...fixture.result.options, palette } } })
    const reshaped = reshapeBaseResponse(wire).options.palette
    expect(reshaped.map(({ slug, light }) => [slug, light])).toEqual([
      ['brand', '#1645de'],
      ['soft', 'rgb(238, 246, 255)'],
      ['dark-bad', '#fff'],
    ])
    // The backend's dark value, for text and backgrounds alike.
    expect(reshaped[0]).toMatchObject({ dark: '#8ec2ff', darkBackground: '#8ec2ff' })
    // None (or an unusable one): a pale colour reads as text on the dark surface as it is, and is darkened as a background.
    expect(reshaped[1]).toMatchObject({ dark: '#eef6ff', darkBackground: expect.stringMatching(/^#[0-9a-f]{6}$/) })
    expect(reshaped[2]).toMatchObject({ dark: '#ffffff' })
    expect(reshaped[2]!.darkBackground).not.toBe('#ffffff')
  })

  it('writes the custom properties for both themes and the editor’s classes', () => {
    const css = paletteCss([{ slug: 'brand', light: '#1645de', dark: '#8ec2ff', darkBackground: '#1645de' }])
    expect(css).toContain(':root{--wp--preset--color--brand:#1645de;--kestrel-background--brand:#1645de}')
    expect(css).toContain("[data-theme='dark']{--wp--preset--color--brand:#8ec2ff;--kestrel-background--brand:#1645de}")
    expect(css).toContain(
      '@media (prefers-color-scheme:dark){:root:not([data-theme]){--wp--preset--color--brand:#8ec2ff;--kestrel-background--brand:#1645de}}',
    )
    expect(css).toContain('.has-brand-color{color:var(--wp--preset--color--brand) !important}')
    expect(css).toContain('.has-brand-background-color{background-color:var(--kestrel-background--brand) !important}')
    expect(paletteCss([])).toBe('')
  })

  it('is no colour for anything but a colour', () => {
    for (const value of ['', 'red', 'expression(alert(1))', '#12', 'rgb(1,2)', '#fff;x:y']) expect(paletteColor(value), value).toBeNull()
  })
})
