/**
 * The embedded CMS's generated image sizes (decision 030): the CMS lists exactly the files
 * the build writes, for raster images only, and every image object in a content file gets them.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { writeImageSizes } from '../scripts/vite-image-sizes-plugin'
import { generatedSizes, withGeneratedSizes } from './image-sizes'

describe('generatedSizes', () => {
  it('names a WebP copy at each width of the ladder narrower than the original, with its shape', () => {
    expect(generatedSizes('/images/posts/a-photo.jpg', 1200, 630)).toEqual([
      { url: '/images/_sizes/posts/a-photo-480w.webp', width: 480, height: 252 },
      { url: '/images/_sizes/posts/a-photo-768w.webp', width: 768, height: 403 },
      { url: '/images/_sizes/posts/a-photo-1024w.webp', width: 1024, height: 538 },
    ])
  })

  it('makes none of an SVG, a remote or unknown-size image, a copy, or a path outside /images/', () => {
    expect(generatedSizes('/images/posts/art.svg', 1200, 630)).toEqual([])
    expect(generatedSizes('https://cdn.example.com/images/a.jpg', 1200, 630)).toEqual([])
    expect(generatedSizes('/images/a.jpg', 0, 0)).toEqual([])
    expect(generatedSizes('/images/_sizes/a-480w.webp', 480, 252)).toEqual([])
    expect(generatedSizes('/media/a.jpg', 1200, 630)).toEqual([])
    expect(generatedSizes('/images/../secret.jpg', 1200, 630)).toEqual([])
    expect(generatedSizes('/images/a.jpg', 400, 400)).toEqual([])
  })
})

describe('withGeneratedSizes', () => {
  it('adds srcset to image objects at any depth and keeps one the file already has', () => {
    const own = [{ url: '/images/x-100.jpg', width: 100, height: 50 }]
    const data = {
      featured_image: { url: '/images/posts/p.webp', width: 2400, height: 1260, alt: 'A' },
      sections: [{ layout: 'team', members: [{ name: 'N', photo: { url: '/images/team/n.webp', width: 800, height: 800 } }] }],
      mine: { url: '/images/x.jpg', width: 200, height: 100, srcset: own },
      art: { url: '/images/a.svg', width: 1200, height: 630 },
    }
    const result = withGeneratedSizes(data)
    expect(result.featured_image).toMatchObject({ alt: 'A', srcset: generatedSizes('/images/posts/p.webp', 2400, 1260) })
    expect(result.sections[0]!.members[0]!.photo).toMatchObject({ srcset: generatedSizes('/images/team/n.webp', 800, 800) })
    expect(result.mine.srcset).toEqual(own)
    expect(result.art).not.toHaveProperty('srcset')
    expect(data.featured_image).not.toHaveProperty('srcset')
  })
})

describe('writeImageSizes (the build step)', () => {
  const root = mkdtempSync(join(tmpdir(), 'image-sizes-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('writes exactly the files generatedSizes names, WebP at their size, and nothing for an SVG', async () => {
    mkdirSync(join(root, 'images', 'posts'), { recursive: true })
    await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#1645de' } })
      .jpeg()
      .toFile(join(root, 'images', 'posts', 'photo.jpg'))
    await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')).toFile(join(root, 'images', 'art.png'))
    expect(await writeImageSizes(root)).toBe(3)
    for (const size of generatedSizes('/images/posts/photo.jpg', 1200, 630)) {
      const file = join(root, ...size.url.slice(1).split('/'))
      const { width, height, format } = await sharp(file).metadata()
      expect({ width, height, format }).toEqual({ width: size.width, height: size.height, format: 'webp' })
    }
    expect(readdirSync(join(root, 'images', '_sizes', 'posts'))).toHaveLength(3)
    expect(existsSync(join(root, 'images', '_sizes', 'art-480w.webp'))).toBe(false)
    // A second build keeps what is up to date.
    expect(await writeImageSizes(root)).toBe(0)
  })
})
