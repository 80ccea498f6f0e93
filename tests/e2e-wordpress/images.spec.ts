/**
 * Images from WordPress's media library at the right size (docs/content-api.md, the image
 * object): a photo an editor uploads is offered to the browser in the sizes WordPress
 * generated of it, with the width, height and alt text of the media library.
 */
import { expect, test } from '@playwright/test'
import { REVALIDATE_SECRET, SITE_URL } from '../../playwright.wordpress.config'
import { waitForHydration } from '../e2e/helpers'
import { call, upload } from './rest'

interface MediaSize {
  source_url: string
  width: number
  height: number
}

test("a post's featured image from the media library carries WordPress's generated sizes as srcset", async ({ page: browser }) => {
  const slug = 'phishing-training-that-staff-do-not-hate'
  const post = (
    (await call('GET', `/wp/v2/posts?slug=${slug}&context=edit&_fields=id,featured_media,meta`)).body as Array<{
      id: number
      featured_media: number
      meta: { kestrel_locale?: string }
    }>
  ).find((item) => (item.meta.kestrel_locale || 'en') === 'en')!
  const settings = (await call('GET', '/kestrel/v1/settings')).body as { site_url?: string; revalidate_secret?: string }

  // A photo-sized JPEG, as a camera or a stock site gives one: Chromium draws and encodes it.
  await browser.setViewportSize({ width: 2000, height: 1125 })
  await browser.setContent(
    '<body style="margin:0;height:100vh;background:linear-gradient(135deg,#0b3d91,#2a9d8f 45%,#e9c46a 70%,#e76f51)"></body>',
  )
  const jpeg = await browser.screenshot({ type: 'jpeg', quality: 85 })
  await browser.setViewportSize({ width: 1280, height: 800 })
  const alt = `Engineers at a whiteboard ${Date.now().toString(36)}`
  const media = await upload(`srcset-${Date.now().toString(36)}.jpg`, 'image/jpeg', jpeg)
  await call('POST', '/kestrel/v1/settings', { site_url: SITE_URL, revalidate_secret: REVALIDATE_SECRET })
  try {
    expect((await call('POST', `/wp/v2/media/${media}`, { alt_text: alt })).status).toBe(200)
    const details = (await call('GET', `/wp/v2/media/${media}?_fields=source_url,media_details`)).body as {
      source_url: string
      media_details: { width: number; height: number; sizes: Record<string, MediaSize> }
    }
    const { width, height } = details.media_details
    // The sizes that are the same picture, smaller (WordPress's square thumbnail is a crop).
    const same = Object.values(details.media_details.sizes).filter(
      (size) => size.width < width && Math.abs(size.height / size.width - height / width) <= 0.01 * (height / width),
    )
    expect(same.length).toBeGreaterThanOrEqual(2)

    // Saving the post makes the plugin's revalidation call; the site shows the new image.
    expect((await call('POST', `/wp/v2/posts/${post.id}`, { featured_media: media })).status).toBe(200)
    await browser.goto(`/blog/${slug}`)
    await waitForHydration(browser)
    const image = browser.getByRole('main').getByRole('img', { name: alt })
    await expect(image).toBeVisible()
    await expect(image).toHaveAttribute('width', String(width))
    await expect(image).toHaveAttribute('height', String(height))
    await expect(image).toHaveAttribute('src', details.source_url)
    await expect(image).toHaveAttribute('fetchpriority', 'high')
    const srcset = (await image.getAttribute('srcset')) ?? ''
    const offered = srcset.split(', ').map((entry) => entry.split(' '))
    expect(offered).toEqual([
      ...same.sort((a, b) => a.width - b.width).map((size) => [size.source_url, `${size.width}w`]),
      [details.source_url, `${width}w`],
    ])
    expect(await image.getAttribute('sizes')).toBe('(min-width: 1024px) 48rem, 100vw')
    // It loads (the CSP lets the backend's media library in, even over http here).
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0)
    // The browser took a generated size, not the 2000-pixel original, for a 48rem column.
    const current = await image.evaluate((element: HTMLImageElement) => element.currentSrc)
    expect(same.map((size) => size.source_url)).toContain(current)
  } finally {
    await call('POST', `/wp/v2/posts/${post.id}`, { featured_media: post.featured_media })
    await call('DELETE', `/wp/v2/media/${media}?force=true`)
    await call('POST', '/kestrel/v1/settings', { site_url: settings.site_url ?? '', revalidate_secret: settings.revalidate_secret ?? '' })
  }
})
