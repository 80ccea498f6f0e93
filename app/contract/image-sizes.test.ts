import { describe, expect, it } from 'vitest'
import { imageSizesOf } from './image-sizes'

const original = { src: 'https://wp.example/uploads/hero.jpg', width: 2560, height: 1440 }
const keep = (url: string) => url

describe("the backend's sizes of an image", () => {
  it('keeps the same picture at smaller widths, narrowest first, one per width', () => {
    const sizes = imageSizesOf(
      original,
      [
        { url: 'https://wp.example/uploads/hero-1536x864.jpg', width: 1536, height: 864 },
        { url: 'https://wp.example/uploads/hero-300x169.jpg', width: 300, height: 169 },
        { url: 'https://wp.example/uploads/hero-768x432.jpg', width: 768, height: 432 },
        { url: 'https://wp.example/uploads/hero-768x432.webp', width: 768, height: 432 },
      ],
      keep,
    )
    expect(sizes).toEqual([
      { src: 'https://wp.example/uploads/hero-300x169.jpg', width: 300 },
      { src: 'https://wp.example/uploads/hero-768x432.jpg', width: 768 },
      { src: 'https://wp.example/uploads/hero-1536x864.jpg', width: 1536 },
    ])
  })

  it('leaves out crops (another shape), sizes as wide as the original or wider, the original itself, and URLs the site cannot use', () => {
    const sizes = imageSizesOf(
      original,
      [
        { url: 'https://wp.example/uploads/hero-150x150.jpg', width: 150, height: 150 },
        { url: 'https://wp.example/uploads/hero-2560x1440.jpg', width: 2560, height: 1440 },
        { url: original.src, width: 1024, height: 576 },
        { url: 'javascript:alert(1)', width: 640, height: 360 },
        { url: 'https://wp.example/uploads/hero-0x0.jpg', width: 0, height: 0 },
      ],
      (url) => (url.startsWith('https:') ? url : null),
    )
    expect(sizes).toEqual([])
  })

  it('has none for an image of unknown size, or without sizes', () => {
    expect(imageSizesOf({ ...original, width: 0 }, [{ url: 'https://wp.example/a.jpg', width: 300, height: 169 }], keep)).toEqual([])
    expect(imageSizesOf(original, undefined, keep)).toEqual([])
  })
})
