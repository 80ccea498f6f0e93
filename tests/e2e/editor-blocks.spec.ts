/**
 * The demo page of every editor block (content/en/pages/editor-blocks.json (and de); decision 028):
 * every block is there and styled by app/styles/wp-blocks.css, tables keep their header,
 * footer and caption, media load from the site, and the embeds load nothing from their
 * provider until pressed (or until functional consent), then the player comes from the
 * privacy-friendly origin. axe has nothing to report at phone and desktop width in both
 * themes; the screenshots are kept in test-results/ to be looked at.
 */
import { expect, test } from '@playwright/test'
import { decidedConsent, expectNoAxeViolations, providerRequests, standInProviders, waitForHydration, watchConsole } from './helpers'

test('/editor-blocks shows every block, with the embeds behind their click', async ({ page }) => {
  const problems = watchConsole(page)
  const requests = providerRequests(page)
  await standInProviders(page)
  const response = await page.goto('/editor-blocks')
  expect(response?.status()).toBe(200)
  await waitForHydration(page)
  const content = page.locator('main')
  const selectors = {
    paragraph: 'p.has-brand-color.has-medium-font-size',
    'custom colour': 'p.has-background[style*="background-color"]',
    list: 'ul > li',
    'ordered list': 'ol > li',
    quote: 'blockquote.wp-block-quote cite',
    pullquote: 'figure.wp-block-pullquote blockquote',
    code: 'pre.wp-block-code > code',
    preformatted: 'pre.wp-block-preformatted',
    verse: 'pre.wp-block-verse',
    image: 'figure.wp-block-image.alignwide img',
    gallery: 'figure.wp-block-gallery figure.wp-block-image img',
    file: '.wp-block-file a.wp-block-file__button[download]',
    video: 'figure.wp-block-video video[controls]',
    audio: 'figure.wp-block-audio audio[controls]',
    buttons: '.wp-block-buttons .wp-block-button__link',
    columns: '.wp-block-columns > .wp-block-column',
    group: '.wp-block-group.has-border-color',
    row: '.wp-block-group.is-layout-flex.is-nowrap',
    stack: '.wp-block-group.is-layout-flex.is-vertical',
    separator: 'hr.wp-block-separator',
    spacer: '.wp-block-spacer',
    details: 'details.wp-block-details > summary',
    cover: '.wp-block-cover .wp-block-cover__inner-container',
    'media & text': '.wp-block-media-text .wp-block-media-text__media img',
    'full width': '.wp-block-group.alignfull',
  }
  for (const [block, selector] of Object.entries(selectors)) {
    await expect(content.locator(selector).first(), block).toBeVisible()
  }

  // Styled as in the editor: the stylesheet and the palette apply.
  const styles = await page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!)
    return {
      columns: style('.wp-block-columns').display,
      buttons: style('.wp-block-buttons').display,
      brand: style('p.has-brand-color').color,
      border: style('.wp-block-group.has-border-color').borderTopStyle,
      gap: style('.wp-block-group.is-nowrap').columnGap,
      // WordPress gives a gallery is-layout-flex too: it stays a grid, not a row of full-width images.
      gallery: style('.wp-block-gallery').display,
      rowMargin: style('.wp-block-group.is-nowrap').marginTop,
      fullWidth: document.querySelector('.wp-block-group.alignfull')!.getBoundingClientRect().width,
      viewport: document.documentElement.clientWidth,
    }
  })
  expect(styles).toMatchObject({
    columns: 'flex',
    buttons: 'flex',
    brand: 'rgb(22, 69, 222)',
    border: 'solid',
    gap: '16px',
    gallery: 'grid',
    rowMargin: '24px',
  })
  expect(Math.abs(styles.fullWidth - styles.viewport)).toBeLessThan(20)

  // A table with its header, footer and caption.
  const table = content.locator('figure.wp-block-table')
  await expect(table.locator('thead th[scope="col"]')).toHaveCount(4)
  await expect(table.locator('tbody tr')).toHaveCount(3)
  await expect(table.locator('tfoot td')).toHaveCount(1)
  await expect(table.locator('figcaption')).toBeVisible()

  // Media from the site itself.
  for (const url of ['/media/kestrel-intro.webm', '/media/chime.wav', '/media/new-starter-checklist.pdf']) {
    expect((await page.request.get(url)).status(), url).toBe(200)
  }

  // The embeds: placeholders that say where the player comes from, and no request to the provider.
  const youtube = content.locator('a.embed-placeholder[data-embed-provider="youtube"]')
  await expect(youtube).toHaveAttribute('href', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ')
  await expect(youtube).toContainText('youtube', { ignoreCase: true })
  await expect(content.locator('a.embed-placeholder')).toHaveCount(2)
  await expect(page.locator('iframe')).toHaveCount(0)
  expect(requests).toEqual([])

  // Pressed before the page's script has taken the placeholder over, it is the plain link to
  // the provider's page (what a visitor without JavaScript gets). Once taken over, it says
  // what pressing it does, and stays so when it comes into view (its section is never
  // rendered again: app/sections/registry.ts, isStatic).
  await youtube.scrollIntoViewIfNeeded()
  await expect(youtube).toHaveAttribute('data-embed-ready', '')
  await expect(youtube).toContainText('Play')
  await youtube.click()
  const player = content.locator('iframe.embed-frame')
  await expect(player).toHaveCount(1)
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0')
  await expect.poll(() => requests).toEqual(['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0'])
  // The other embed still waits for its own click.
  await expect(content.locator('a.embed-placeholder[data-embed-provider="vimeo"]')).toBeVisible()
  expect(problems()).toEqual([])
})

test.describe('with consent to functional cookies', () => {
  test.use({ storageState: decidedConsent('functional') })

  test('/de/editor-blocks loads every player at once, from the privacy-friendly origins, without autoplay', async ({ page }) => {
    const requests = providerRequests(page)
    await standInProviders(page)
    await page.goto('/de/editor-blocks')
    await waitForHydration(page)
    const players = page.locator('main iframe.embed-frame')
    await expect(players).toHaveCount(2)
    // Still there, and not loaded again, once the visitor has scrolled to them.
    await players.last().scrollIntoViewIfNeeded()
    await expect(players).toHaveCount(2)
    expect(await players.evaluateAll((frames) => frames.map((frame) => frame.getAttribute('src')))).toEqual([
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0',
      'https://player.vimeo.com/video/76979871?dnt=1',
    ])
    await expect.poll(() => requests.length).toBe(2)
    expect(requests.every((url) => /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//.test(url))).toBe(true)
  })
})

for (const width of [390, 1280]) {
  test(`/editor-blocks passes axe at ${width} px in the light and dark themes`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/editor-blocks')
    await waitForHydration(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`editor-blocks-${width}-light.png`), fullPage: true })
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expectNoAxeViolations(page, { coloursOnly: true })
    await page.screenshot({ path: testInfo.outputPath(`editor-blocks-${width}-dark.png`), fullPage: true })
  })
}
