import { Cloudinary } from '@cloudinary/url-gen'
import { format, quality } from '@cloudinary/url-gen/actions/delivery'
import { scale } from '@cloudinary/url-gen/actions/resize'
import { auto as autoFormat } from '@cloudinary/url-gen/qualifiers/format'
import { auto as autoQuality } from '@cloudinary/url-gen/qualifiers/quality'
import { describe, expect, it } from 'vitest'
import { imageSource, RESPONSIVE_WIDTHS } from './image-url'

/** What Cloudinary's own client writes for the same image (devDependency: the reference, not shipped). */
function reference(cloudName: string, original: string, width: number): string {
  return new Cloudinary({ cloud: { cloudName }, url: { secure: true, analytics: false } })
    .image(original)
    .setDeliveryType('fetch')
    .resize(scale().width(width))
    .delivery(format(autoFormat()))
    .delivery(quality(autoQuality()))
    .toURL()
}

describe('image URLs through the image service', () => {
  const site = 'https://www.kestrel-it.example'

  it('writes exactly the URLs Cloudinary’s client writes, escaping included', () => {
    for (const src of ['/images/a b.png?x=1&y=é', 'https://cdn.example.org/p/x,y.jpg', '/images/heroes/home.png']) {
      const { src: largest, srcSet } = imageSource({ src, width: 2000 }, { cloudName: 'demo', siteUrl: site })
      const original = new URL(src, site).href
      expect(largest).toBe(reference('demo', original, 1920))
      expect(srcSet).toBe(RESPONSIVE_WIDTHS.map((width) => `${reference('demo', original, width)} ${width}w`).join(', '))
    }
  })

  it('offers no width larger than the image, and leaves SVGs and unconfigured sites alone', () => {
    expect(imageSource({ src: '/a.png', width: 500 }, { cloudName: 'demo', siteUrl: site }).srcSet?.split(', ')).toHaveLength(2)
    expect(imageSource({ src: '/a.svg', width: 500 }, { cloudName: 'demo', siteUrl: site })).toEqual({ src: '/a.svg', srcSet: undefined })
    expect(imageSource({ src: '/a.png', width: 500 }, { cloudName: null, siteUrl: site })).toEqual({ src: '/a.png', srcSet: '/a.png 500w' })
  })
})

describe('image URLs without an image service', () => {
  const options = { cloudName: null, siteUrl: 'https://www.kestrel-it.example' }

  it("lists the backend's own sizes before the original, each with its width", () => {
    const image = {
      src: 'https://wp.example/uploads/team.jpg',
      width: 2400,
      sizes: [
        { src: 'https://wp.example/uploads/team-300x200.jpg', width: 300 },
        { src: 'https://wp.example/uploads/team-1024x683.jpg', width: 1024 },
      ],
    }
    expect(imageSource(image, options)).toEqual({
      src: 'https://wp.example/uploads/team.jpg',
      srcSet:
        'https://wp.example/uploads/team-300x200.jpg 300w, https://wp.example/uploads/team-1024x683.jpg 1024w, https://wp.example/uploads/team.jpg 2400w',
    })
  })

  it('has no srcset for an SVG or an image of unknown width, whatever sizes come with it', () => {
    const sizes = [{ src: '/a-300.png', width: 300 }]
    expect(imageSource({ src: '/a.svg', width: 900, sizes }, options).srcSet).toBeUndefined()
    expect(imageSource({ src: '/a.png', width: 0, sizes }, options).srcSet).toBeUndefined()
  })
})
