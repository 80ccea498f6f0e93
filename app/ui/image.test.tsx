// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { imageSource } from '../lib/image-url'
import { Image, ImageServiceContext, pageBackgroundStyle } from './image'

afterEach(cleanup)

const photo = { src: '/images/team.jpg', width: 1600, height: 900, alt: 'The team', error: false }

describe('Image', () => {
  it('always sets width and height, and loads a priority image at once', () => {
    const { container } = render(<Image image={photo} priority />)
    const img = container.querySelector('img')
    expect(img?.getAttribute('src')).toBe('/images/team.jpg')
    expect(img?.getAttribute('width')).toBe('1600')
    expect(img?.getAttribute('height')).toBe('900')
    expect(img?.getAttribute('alt')).toBe('The team')
    expect(img?.getAttribute('fetchpriority')).toBe('high')
  })

  it('falls back to a sized placeholder when the backend flags an error or there is no image', () => {
    const { container } = render(<Image image={{ ...photo, error: true }} />)
    expect(container.querySelector('img')).toBeNull()
    const fallback = container.querySelector('[data-image-fallback]')
    expect(fallback?.getAttribute('aria-label')).toBe('The team')
    cleanup()
    expect(render(<Image image={null} />).container.querySelector('[data-image-fallback]')).not.toBeNull()
  })

  it('goes through the image service when a cloud name is configured', () => {
    const { container } = render(
      <ImageServiceContext.Provider value={{ cloudName: 'demo', siteUrl: 'https://www.example.com' }}>
        <Image image={photo} priority sizes="50vw" />
      </ImageServiceContext.Provider>,
    )
    const img = container.querySelector('img')
    expect(img?.getAttribute('src')).toContain('https://res.cloudinary.com/demo/image/fetch/')
    expect(img?.getAttribute('srcset')).toContain('c_scale,w_640')
    expect(img?.getAttribute('srcset')).not.toContain('w_1920')
    expect(img?.getAttribute('sizes')).toBe('50vw')
  })
})

describe('imageSource', () => {
  it('keeps the original without a cloud name, and never resizes SVG', () => {
    expect(imageSource({ src: '/a.jpg', width: 800 }, { cloudName: null, siteUrl: 'https://x.example' })).toEqual({
      src: '/a.jpg',
      srcSet: '/a.jpg 800w',
    })
    expect(imageSource({ src: '/a.svg', width: 800 }, { cloudName: 'demo', siteUrl: 'https://x.example' })).toEqual({
      src: '/a.svg',
      srcSet: undefined,
    })
  })

  it('refuses to send non-http URLs to the service', () => {
    expect(imageSource({ src: 'data:image/png;base64,xx', width: 10 }, { cloudName: 'demo', siteUrl: 'https://x.example' }).src).toBe(
      'data:image/png;base64,xx',
    )
  })
})

describe('pageBackgroundStyle (requirements §3.1 background_image)', () => {
  const local = { cloudName: null, siteUrl: 'https://www.example.com' }
  const background = { src: '/images/backgrounds/dot-grid.svg', width: 1920, height: 1080, alt: '', error: false }

  it("hands the page's image to the CSS rule as --page-background, and nothing else", () => {
    expect(pageBackgroundStyle(background, local)).toEqual({
      '--page-background': 'url("/images/backgrounds/dot-grid.svg")',
      '--page-background-ratio': '0.5625',
    })
  })

  it('goes through the image service like every other image', () => {
    const service = { cloudName: 'demo', siteUrl: 'https://www.example.com' }
    const photoBackground = { ...background, src: 'https://cdn.example.com/bg.jpg' }
    expect(pageBackgroundStyle(photoBackground, service)?.['--page-background']).toBe(`url("${imageSource(photoBackground, service).src}")`)
  })

  it('passes the height per width, so the veil ends where the image does (9/16 when the size is unknown)', () => {
    expect(pageBackgroundStyle({ ...background, width: 1000, height: 1500 }, local)?.['--page-background-ratio']).toBe('1.5')
    expect(pageBackgroundStyle({ ...background, width: 0, height: 0 }, local)?.['--page-background-ratio']).toBe('0.5625')
  })

  it('is none without an image, or for one the backend could not produce', () => {
    expect(pageBackgroundStyle(null, local)).toBeUndefined()
    expect(pageBackgroundStyle({ ...background, error: true }, local)).toBeUndefined()
  })

  it('cannot break out of the url()', () => {
    const hostile = pageBackgroundStyle({ ...background, src: '/bg.svg") , url("https://evil.example/x.png' }, local)
    expect(hostile?.['--page-background']).not.toMatch(/"\)\s*,/)
    expect(hostile?.['--page-background'].match(/"/g)).toHaveLength(2)
  })
})
