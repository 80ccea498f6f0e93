import { describe, expect, it } from 'vitest'
import { isSocialImageUrl, ogImagePath, ogImageTargetOf, ogImageTitle, pagePathOfOgImage } from './og-image'

describe('the path of a generated social image', () => {
  it('is named after the backend page, in the locale scheme of decision 001', () => {
    expect(ogImagePath({ pageName: 'home' })).toBe('/og/home.png')
    expect(ogImagePath({ pageName: 'services/cyber-security' })).toBe('/og/services/cyber-security.png')
    expect(ogImagePath({ pageName: 'blog', category: 'news' })).toBe('/og/blog/category/news.png')
    expect(ogImageTargetOf('/og/home.png')).toEqual({ locale: 'en', target: { pageName: 'home' } })
    expect(ogImageTargetOf('/de/og/services/cyber-security.png')).toEqual({ locale: 'de', target: { pageName: 'services/cyber-security' } })
    expect(ogImageTargetOf('/de/og/blog/category/news.png')).toEqual({ locale: 'de', target: { pageName: 'blog', category: 'news' } })
    expect(ogImageTargetOf('/og/%C3%BCber-uns.png')).toEqual({ locale: 'en', target: { pageName: 'über-uns' } })
  })

  it('is no image path unless it names a page the way pages are named', () => {
    for (const path of [
      '/og/home',
      '/og/.png',
      '/og/../secret.png',

      '/og/a.b.png',
      '/og/%E0%A4%A.png',
      '/og/blog/category/a/b.png',
      '/about.png',
      '/og',
    ]) {
      expect(ogImageTargetOf(path), path).toBeNull()
    }
  })

  it('belongs to its page path, so a revalidation of the path takes the image too', () => {
    expect(pagePathOfOgImage('/og/home.png')).toBe('/')
    expect(pagePathOfOgImage('/de/og/home.png')).toBe('/de')
    expect(pagePathOfOgImage('/de/og/services/cyber-security.png')).toBe('/de/services/cyber-security')
    expect(pagePathOfOgImage('/og/blog/category/news.png')).toBe('/blog/category/news')
    expect(pagePathOfOgImage('/about')).toBeNull()
  })
})

describe('isSocialImageUrl', () => {
  it('takes raster images and image-service URLs, not SVG (no social network shows it)', () => {
    expect(isSocialImageUrl('/uploads/team.jpg')).toBe(true)
    expect(isSocialImageUrl('https://cdn.example.com/a.webp?w=1200')).toBe(true)
    expect(isSocialImageUrl('https://res.cloudinary.example/image/upload/abc')).toBe(true)
    expect(isSocialImageUrl('/images/pages/about.svg')).toBe(false)
    expect(isSocialImageUrl('/images/pages/about.SVG#x')).toBe(false)
  })
})

describe('ogImageTitle', () => {
  const page = (ogTitle: string | null, title: string | null = null) => ({ kind: 'page', title: 'Pricing', meta: { ogTitle, title } })
  it('shows the headline without the site name the document title carries', () => {
    expect(ogImageTitle(page('Simple per-user pricing | Kestrel IT Support'), null, null, 'Kestrel IT Support')).toBe(
      'Simple per-user pricing',
    )
    expect(ogImageTitle(page(null, 'Preise – Kestrel IT Support'), null, null, 'Kestrel IT Support')).toBe('Preise')
    expect(ogImageTitle(page('About Kestrel IT Support'), null, null, 'Kestrel IT Support')).toBe('About Kestrel IT Support')
  })
  it("falls back to the page's heading, and shows an article's title and a category's name", () => {
    expect(ogImageTitle(page(null), null, null, 'Kestrel IT Support')).toBe('Pricing')
    expect(ogImageTitle(page('Kestrel IT Support'), null, null, 'Kestrel IT Support')).toBe('Pricing')
    expect(ogImageTitle(page('Blog'), { name: 'Company news' }, null, 'Kestrel IT Support')).toBe('Company news')
    expect(ogImageTitle(page('x'), null, { title: 'Five signs' }, 'Kestrel IT Support')).toBe('Five signs')
  })
})
