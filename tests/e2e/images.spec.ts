/**
 * Images at the right size on the embedded backend (docs/content-api.md, the image object;
 * decision 030): the CMS offers the WebP sizes the build made of each demo photo as
 * `srcset`, a phone loads a small one and never the 2400 px original, the first image is
 * preloaded with high priority, and the images further down wait until they come near.
 */
import { devices, expect, test, type Page } from '@playwright/test'
import { waitForHydration } from './helpers'

const post = 'dental-practice-moves-to-azure'

/** Every image URL the page asked for, as a path. */
function imageRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'image') seen.push(new URL(request.url()).pathname)
  })
  return seen
}

test.describe('on a phone', () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7']
  test.use(pixel7)

  test("a post's photo: preloaded in the head, a generated size loaded, never the original", async ({ page }) => {
    const requests = imageRequests(page)
    await page.goto(`/blog/${post}`)
    const preload = page.locator(`head link[rel="preload"][as="image"][imagesrcset*="${post}-480w.webp"]`)
    await expect(preload).toHaveCount(1)
    await expect(preload).toHaveAttribute('fetchpriority', 'high')
    await expect(preload).toHaveAttribute('imagesizes', '(min-width: 1024px) 48rem, 100vw')

    const photo = page.getByRole('main').getByRole('img', { name: 'A cloud with a plus sign above a server rack' })
    await expect(photo).toHaveAttribute('fetchpriority', 'high')
    await expect(photo).toHaveAttribute('width', '2400')
    await expect(photo).toHaveAttribute('height', '1260')
    const srcset = await photo.getAttribute('srcset')
    expect(srcset?.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['480w', '768w', '1024w', '1536w', '2400w'])
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    // 412 CSS px at 2.625 is 1 082 device pixels: the 1536 px copy, fetched once (the preload), never the original.
    const current = await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)
    expect(current).toBe(`/images/_sizes/posts/${post}-1536w.webp`)
    expect(requests.filter((path) => path.includes(post))).toEqual([current])
  })

  test("the team's photos come from a generated copy fitting 12rem, and only once they are near", async ({ page }) => {
    const requests = imageRequests(page)
    await page.goto('/about')
    await waitForHydration(page)
    const team = page.locator('img[src^="/images/team/"]')
    expect(requests.filter((path) => path.includes('/team/'))).toEqual([])
    await page.getByRole('heading', { name: 'Priya Shah' }).scrollIntoViewIfNeeded()
    await expect(team.first()).toBeVisible()
    await expect.poll(() => team.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    // 12rem is 192 CSS px, 504 device pixels at 2.625: the 768 px copy of the 800 px original.
    expect(await team.first().evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
      /^\/images\/_sizes\/team\/[a-z]+-768w\.webp$/,
    )
    expect(requests.filter((path) => path.startsWith('/images/team/'))).toEqual([])
  })
})

test('the blog listing: the first card is the priority image, and the only one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/blog')
  const cards = page.getByTestId('post-list').locator('article')
  await expect(cards.first().locator('img')).toHaveAttribute('fetchpriority', 'high')
  await expect(page.getByTestId('post-list').locator('img[fetchpriority="high"]')).toHaveCount(1)
})

test('every generated size the CMS names is a WebP file of its stated width', async ({ page, request }) => {
  await page.goto(`/case-studies/st-aidans-trust-schools-help-desk`)
  const srcset = await page.getByRole('main').locator('img[srcset]').first().getAttribute('srcset')
  const candidates = (srcset ?? '').split(', ').map((candidate) => candidate.split(' ') as [string, string])
  expect(candidates.length).toBe(5)
  for (const [url, descriptor] of candidates) {
    const response = await request.get(url)
    expect(response.status(), url).toBe(200)
    expect(response.headers()['content-type']).toBe('image/webp')
    const body = await response.body()
    // The browser decodes it: a file that is not the picture at that width fails here.
    const width = await page.evaluate(
      async (bytes) => {
        const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/webp' }))
        return bitmap.width
      },
      [...body],
    )
    expect(`${width}w`, url).toBe(descriptor)
  }
})

test("a photo that fails to load leaves a box of its size, named by its alt text, and the page's layout holds", async ({ page }) => {
  await page.route(new RegExp(`/images/(_sizes/)?posts/${post}`), (route) => route.fulfill({ status: 404, body: '' }))
  await page.goto(`/blog/${post}`)
  await waitForHydration(page)
  const fallback = page.getByRole('main').locator('[data-image-fallback]')
  await expect(fallback).toHaveAttribute('role', 'img')
  await expect(fallback).toHaveAttribute('aria-label', 'A cloud with a plus sign above a server rack')
  const box = await fallback.boundingBox()
  expect(box).not.toBeNull()
  expect(Math.abs(box!.height - (box!.width * 1260) / 2400)).toBeLessThan(1.5)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
