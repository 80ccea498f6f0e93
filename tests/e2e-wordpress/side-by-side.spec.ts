/**
 * The demo page of every editor block side by side (docs/wordpress.md, The demo page of
 * every block; decision 028): seeded into WordPress as native core blocks
 * (scripts/wordpress/editor-blocks.ts), it opens in the block editor without an invalid
 * block, and renders on the site (over this WordPress) and in WordPress's own block theme,
 * twentytwentyfive, with the same blocks: compared by structure, not pixels. Every image
 * and video loads, the table keeps its header, footer and caption, and on the site the
 * embeds load nothing from their provider until pressed; axe has nothing to report on the
 * site in the light and dark themes. Screenshots of both, at phone and desktop width, are
 * kept in test-results/ to be looked at.
 *
 * twentytwentyfive is installed, not activated: the admin sees the page in it through the
 * Site Editor's theme preview (`?wp_theme_preview=`), which changes nothing for visitors.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { expectNoAxeViolations, providerRequests, standInProviders, waitForHydration, watchConsole } from '../e2e/helpers'
import { documentId, editorCanvas, invalidBlocks, logIn, openEditor, topLevelBlocks, wordpressUrl } from './editor'

/** Each block, as a selector both renderings must match, and how often. */
const blocks: Record<string, [selector: string, count: number]> = {
  'brand colour and font size': ['p.has-brand-color.has-medium-font-size', 1],
  'custom colours': ['p.has-background[style*="background-color"]', 1],
  'large centred text': ['p.has-text-align-center.has-large-font-size', 2],
  'h3 headings': ['h3', 6],
  list: ['ul > li', 3],
  'ordered list': ['ol > li', 3],
  quote: ['blockquote.wp-block-quote > cite', 1],
  pullquote: ['figure.wp-block-pullquote blockquote > cite', 1],
  code: ['pre.wp-block-code > code', 1],
  preformatted: ['pre.wp-block-preformatted', 1],
  verse: ['pre.wp-block-verse', 1],
  'table header cells': ['figure.wp-block-table > table > thead > tr > th', 4],
  'table rows': ['figure.wp-block-table > table > tbody > tr', 3],
  'table footer': ['figure.wp-block-table > table > tfoot td[colspan="4"]', 1],
  'table caption': ['figure.wp-block-table > figcaption', 1],
  'striped table': ['figure.wp-block-table.is-style-stripes', 1],
  'wide image': ['figure.wp-block-image.alignwide > img', 1],
  'image caption': ['figure.wp-block-image.alignwide > figcaption', 1],
  'gallery images': ['figure.wp-block-gallery.columns-3 figure.wp-block-image img', 3],
  'gallery caption': ['figure.wp-block-gallery > figcaption', 1],
  'file links': ['.wp-block-file a[href="/media/new-starter-checklist.pdf"]', 2],
  'file download button': ['.wp-block-file a.wp-block-file__button[download]', 1],
  video: ['figure.wp-block-video > video[controls]', 1],
  audio: ['figure.wp-block-audio > audio[controls]', 1],
  'YouTube embed': ['figure.wp-block-embed.is-provider-youtube', 1],
  'Vimeo embed': ['figure.wp-block-embed.is-provider-vimeo', 1],
  buttons: ['.wp-block-buttons .wp-block-button__link', 2],
  'outline button': ['.wp-block-button.is-style-outline', 1],
  'palette background': ['.has-brand-background-color', 1],
  columns: ['.wp-block-columns > .wp-block-column', 2],
  'group with a border': ['.wp-block-group.has-border-color.has-accent-border-color', 1],
  row: ['.wp-block-group.is-nowrap.is-layout-flex', 1],
  stack: ['.wp-block-group.is-vertical.is-layout-flex', 1],
  separator: ['hr.wp-block-separator.is-style-wide', 1],
  spacer: ['.wp-block-spacer', 1],
  details: ['details.wp-block-details > summary', 1],
  cover: ['.wp-block-cover.alignwide > .wp-block-cover__inner-container', 1],
  'cover image': ['.wp-block-cover > img.wp-block-cover__image-background', 1],
  'media & text': ['.wp-block-media-text > .wp-block-media-text__media > img', 1],
  'full width': ['.wp-block-group.alignfull.has-tint-background-color', 1],
  'tint backgrounds': ['.has-tint-background-color', 2],
}

/** How often each block's selector matches inside the page's content (every root together). */
async function structure(roots: Locator): Promise<Record<string, number>> {
  return roots.evaluateAll(
    (elements, selectors) =>
      Object.fromEntries(
        Object.entries(selectors).map(([name, selector]) => [
          name,
          elements.reduce((sum, element) => sum + element.querySelectorAll(selector).length, 0),
        ]),
      ),
    Object.fromEntries(Object.entries(blocks).map(([name, [selector]]) => [name, selector])),
  )
}

/** Scrolls through the page so lazy images load, then checks every image, video and audio file arrived. */
async function expectMediaLoaded(page: Page, roots: Locator) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y)
      await new Promise((resolve) => requestAnimationFrame(resolve))
    }
    window.scrollTo(0, 0)
  })
  const images = roots.locator('img')
  // The image, three in the gallery, the cover's and the media & text's.
  expect(await images.count()).toBe(6)
  for (const image of await images.all()) {
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), {
        message: `${await image.getAttribute('src')} loaded`,
      })
      .toBe(true)
  }
  // The video's metadata is loaded (its default preload); the audio waits for play (preload="none"), so its file is fetched.
  await expect.poll(() => roots.locator('video').evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1)
  for (const media of await roots.locator('video, audio').all()) {
    const url = new URL((await media.getAttribute('src'))!, page.url()).href
    const response = await page.request.get(url)
    expect(response.status(), url).toBe(200)
    expect(response.headers()['content-type'], url).toMatch(/^(video|audio)\//)
  }
}

async function wordpressPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await standInProviders(page)
  await logIn(page)
  return page
}

const expected = Object.fromEntries(Object.entries(blocks).map(([name, [, count]]) => [name, count]))

test('the demo page of every block opens in the block editor with every block valid', async ({ page }) => {
  // Two loads of the block editor, each allowed a minute by openEditor: more than the suite's 45 s on a loaded machine (ci100).
  test.slow()
  await logIn(page)
  for (const locale of ['en', 'de']) {
    await openEditor(page, documentId('page', 'editor-blocks', locale))
    expect(await topLevelBlocks(page), locale).toEqual(['core/group', 'core/group', 'core/group', 'core/group'])
    expect(await invalidBlocks(page), locale).toEqual([])
    const canvas = await editorCanvas(page)
    await expect(canvas.locator('.wp-block-table').first()).toBeVisible()
    await expect(canvas.locator('.block-editor-warning')).toHaveCount(0)
  }
})

for (const width of [390, 1280]) {
  test(`/editor-blocks at ${width} px: the same blocks on the site and in twentytwentyfive`, async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: 900 })
    const problems = watchConsole(page)
    const requests = providerRequests(page)
    await standInProviders(page)

    // WordPress's own rendering, in its block theme.
    const wordpress = await wordpressPage(browser, width)
    const id = documentId('page', 'editor-blocks')
    const answer = await wordpress.goto(`${wordpressUrl}/?page_id=${id}&wp_theme_preview=twentytwentyfive`)
    expect(answer?.status()).toBe(200)
    expect(await wordpress.evaluate(() => document.body.className)).toContain('wp-theme-twentytwentyfive')
    const wordpressContent = wordpress.locator('.wp-block-post-content')
    await expect(wordpressContent).toHaveCount(1)
    expect(await structure(wordpressContent)).toEqual(expected)
    await expectMediaLoaded(wordpress, wordpressContent)
    await wordpress.screenshot({ path: testInfo.outputPath(`wordpress-twentytwentyfive-${width}.png`), fullPage: true })
    await wordpress.context().close()

    // The site over the same WordPress.
    expect((await page.goto('/editor-blocks'))?.status()).toBe(200)
    await waitForHydration(page)
    const siteContent = page.locator('main .cms-html')
    expect(await structure(siteContent)).toEqual(expected)
    await expectMediaLoaded(page, siteContent)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0)

    // The embeds are placeholders: nothing has asked a provider for anything yet.
    await expect(siteContent.locator('a.embed-placeholder')).toHaveCount(2)
    await expect(page.locator('iframe')).toHaveCount(0)
    expect(requests).toEqual([])

    await page.emulateMedia({ colorScheme: 'light' })
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`site-${width}-light.png`), fullPage: true })
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`site-${width}-dark.png`), fullPage: true })

    // Pressed, the YouTube placeholder becomes the player from the privacy-friendly origin; the Vimeo one still waits.
    const youtube = siteContent.locator('a.embed-placeholder[data-embed-provider="youtube"]')
    await youtube.scrollIntoViewIfNeeded()
    await expect(youtube).toHaveAttribute('data-embed-ready', '')
    await youtube.click()
    await expect(siteContent.locator('iframe.embed-frame')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0',
    )
    await expect.poll(() => requests).toEqual(['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0'])
    await expect(siteContent.locator('a.embed-placeholder[data-embed-provider="vimeo"]')).toBeVisible()
    expect(problems()).toEqual([])
  })
}
