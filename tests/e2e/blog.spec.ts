import { randomBytes } from 'node:crypto'
import { createClient } from '@libsql/client'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, expectSearchOpens, waitForHydration, watchConsole } from './helpers'

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/** Each test is its own visitor for the backend's flood check (TEST-NET-3 addresses, never contacted). */
async function asVisitor(page: Page) {
  // The visitor is the rightmost entry (TRUST_PROXY=1). One from IPv6's documentation range
  // with 32 random bits: two tests that comment at the same time are never the same visitor
  // to the comment flood check (with 250 IPv4 addresses, now and then they were).
  const visitor = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}, ${visitor}` })
}

const postTitles = (page: Page) => page.getByTestId('post-list').getByRole('heading', { level: 2 }).allTextContents()

test('blog home → Load more → a tag → an article → a comment → search finds it (en)', async ({ page }) => {
  const problems = watchConsole(page)
  await asVisitor(page)
  await open(page, '/blog')
  await expectNoAxeViolations(page)
  expect(await postTitles(page)).toHaveLength(6)
  const more = page.getByRole('link', { name: 'Load more posts' })
  await expect(more).toHaveAttribute('href', '?page=2')
  await more.click()
  await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(12)
  const titles = await postTitles(page)
  expect(new Set(titles).size).toBe(12)
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('link', { name: 'Load more posts' })).toHaveCount(0)

  // A tag replaces the list.
  await page.goto('/blog/tag/microsoft-365')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts tagged “Microsoft 365”')
  await expectNoAxeViolations(page)
  expect((await postTitles(page)).sort()).toEqual([
    'Moving a 40-person architecture practice to the cloud in a weekend',
    'Seven Microsoft 365 settings to change today',
  ])

  // The article, with its comments.
  await page.getByRole('link', { name: 'Seven Microsoft 365 settings to change today' }).click()
  await expect(page).toHaveURL(/\/blog\/microsoft-365-settings-to-change-today$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Comments' })).toBeVisible()
  await expectNoAxeViolations(page)
  const stamp = Date.now()
  await page.getByRole('textbox', { name: 'Name' }).fill('Sam Reader')
  await page.getByRole('textbox', { name: 'Email' }).fill(`sam+${stamp}@example.org`)
  await page.getByRole('textbox', { name: 'Comment', exact: true }).fill(`Turning off legacy auth saved us. (${stamp})`)
  await page.getByRole('button', { name: 'Post comment' }).click()
  await expect(page.getByText('Thank you! Your comment is awaiting moderation.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Comment', exact: true })).toHaveValue('')
  const db = createClient({ url: 'file:.cache/test-cms/e2e.db' })
  const rows = await db.execute({ sql: 'SELECT post_id, author_name, status FROM comments WHERE content LIKE ?', args: [`%(${stamp})`] })
  db.close()
  expect(rows.rows.map((row) => ({ ...row }))).toEqual([{ post_id: 206, author_name: 'Sam Reader', status: 'pending' }])
  // A pending comment is not shown.
  await page.reload()
  await expect(page.getByText(`(${stamp})`)).toHaveCount(0)

  // Search from the overlay finds the article and a page. It is opened once the page has hydrated:
  // React drops a click that comes while the page still waits for its router (docs/decisions/056).
  await expectSearchOpens(page)
  await page.getByRole('searchbox', { name: 'Search for' }).fill('microsoft')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/\?s=microsoft$/)
  const results = page.getByTestId('search-results')
  await expect(results.getByRole('link', { name: 'Seven Microsoft 365 settings to change today' })).toBeVisible()
  await expect(results.getByText('Page', { exact: true }).first()).toBeVisible()
  await expect(results.locator('mark').first()).toHaveText(/microsoft/i)
  await expectNoAxeViolations(page)
  expect(problems()).toEqual([])
})

test('Back to the blog shows the list as it was left, "Load more" pages included, without asking the server again', async ({ page }) => {
  // Server-function requests, by their payload: the blog's page, and a page of a list.
  const asked: string[] = []
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url())
    if (url.includes('/_serverFn/')) asked.push(url)
  })
  // The blog's own page ends its arguments at its name; a category's listing (whose link in
  // view may prefetch at any time, as links do) has the category after it.
  const forBlogOrList = () => asked.filter((url) => url.includes('"s":"blog"}]') || url.includes('"page"'))
  await open(page, '/')
  await page.getByRole('link', { name: 'Blog', exact: true }).first().click()
  await expect(page).toHaveURL(/\/blog$/)
  await page.getByRole('link', { name: 'Load more posts' }).click()
  await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(12)
  // The filter sees both kinds of request (so an empty list below means none was made).
  expect(asked.some((url) => url.includes('"s":"blog"}]'))).toBe(true)
  expect(asked.some((url) => url.includes('"page"'))).toBe(true)
  const titles = await postTitles(page)
  await page.getByTestId('post-list').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Comments' })).toBeVisible()
  // The router keeps a page seen in the last minute (decision 045): Back asks neither for the
  // blog's page nor for a list. (The cards in view prefetch their articles, as links do.)
  asked.length = 0
  await page.goBack()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(12)
  expect(await postTitles(page)).toEqual(titles)
  expect(forBlogOrList()).toEqual([])
})

test('a "Load more" that fails says so, appends nothing and can be tried again', async ({ page }) => {
  await open(page, '/blog')
  // The posts' server function (its payload names the page to load); the network fails once.
  const posts = (url: URL) => url.pathname.startsWith('/_serverFn/') && decodeURIComponent(url.search).includes('"page"')
  await page.route(posts, (route) => route.abort())
  const more = page.getByRole('link', { name: 'Load more posts' })
  await more.click()
  await expect(page.getByRole('status').filter({ hasText: "We couldn't load the posts just now." })).toBeAttached()
  await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(6)
  await page.unroute(posts)
  await more.click()
  await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(12)
  await expect(page.getByRole('status').filter({ hasText: '6 more posts loaded' })).toBeAttached()
})

test('a page whose refresh fails on the way Back stays as it was, not the error screen', async ({ page }) => {
  await page.clock.install()
  await open(page, '/blog')
  const titles = await postTitles(page)
  await page.getByTestId('post-list').getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 2, name: 'Comments' })).toBeVisible()
  // Two minutes on: the blog's data is stale, so Back shows it and refreshes it; the refresh fails.
  await page.clock.fastForward('02:00')
  let refreshes = 0
  await page.route('**/_serverFn/**', (route) => {
    refreshes++
    return route.abort()
  })
  await page.goBack()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(6)
  // The refresh has been tried and has failed; the page stays.
  await expect.poll(() => refreshes).toBeGreaterThan(0)
  await page.waitForTimeout(300)
  expect(await postTitles(page)).toEqual(titles)
  await expect(page.getByRole('heading', { name: 'WHOOPS!' })).toHaveCount(0)
})

test('the same path in German: listing, article, comment and search', async ({ page }) => {
  await asVisitor(page)
  await open(page, '/de/blog')
  await page.getByRole('link', { name: 'Weitere Beiträge laden' }).click()
  await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(12)
  await open(page, '/de/blog/five-signs-your-backups-will-not-restore')
  // The comment form's code loads as it comes near the viewport (app/ui/island.tsx).
  await page.getByRole('textbox', { name: 'Kommentar', exact: true }).scrollIntoViewIfNeeded()
  const stamp = Date.now()
  await page.getByRole('textbox', { name: 'Name' }).fill('Kim Leserin')
  await page.getByRole('textbox', { name: 'E-Mail' }).fill(`kim+${stamp}@example.org`)
  await page.getByRole('textbox', { name: 'Kommentar', exact: true }).fill(`Sehr hilfreich (${stamp})`)
  await page.getByRole('button', { name: 'Kommentar senden' }).click()
  // The form first waits out the rest of its minimum fill time: this test types faster than people.
  await expect(page.getByText('Vielen Dank! Ihr Kommentar wird geprüft.')).toBeVisible({ timeout: 10_000 })
  await page.getByRole('button', { name: 'Suche', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Suchen nach' }).fill('Sicherungen')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/de\?s=Sicherungen$/)
  await expect(page.getByTestId('search-results').getByRole('link').first()).toBeVisible()
  await expectNoAxeViolations(page)
})

test('WordPress answers for comments: a duplicate, too fast, and an invalid email get clear messages', async ({ page }) => {
  await asVisitor(page)
  await open(page, '/blog/kestrel-achieves-iso-27001')
  await page.getByRole('textbox', { name: 'Comment', exact: true }).scrollIntoViewIfNeeded()
  const stamp = Date.now()
  const fill = async (email: string, text: string) => {
    await page.getByRole('textbox', { name: 'Name' }).fill('Dana')
    await page.getByRole('textbox', { name: 'Email' }).fill(email)
    await page.getByRole('textbox', { name: 'Comment', exact: true }).fill(text)
    await page.getByRole('button', { name: 'Post comment' }).click()
  }
  await fill(`dana+${stamp}@example.org`, `Congratulations (${stamp})`)
  await expect(page.getByText('Thank you! Your comment is awaiting moderation.')).toBeVisible()
  await fill(`dana+${stamp}@example.org`, `Congratulations (${stamp})`)
  await expect(page.getByRole('alert')).toHaveText("It looks as though you've already said that.")
  await fill(`dana+${stamp}@example.org`, `And another thing (${stamp})`)
  await expect(page.getByRole('alert')).toHaveText('You are posting comments too quickly. Please wait a moment.')
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email')
  await page.getByRole('button', { name: 'Post comment' }).click()
  await expect(page.getByText('Please enter a valid email')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused()
})

test('listings page without JavaScript through crawlable links', async ({ request }) => {
  const first = await (await request.get('/blog')).text()
  expect(first).toContain('href="?page=2"')
  const second = await request.get('/blog?page=2')
  expect(second.status()).toBe(200)
  const html = await second.text()
  expect(html).not.toContain('href="?page=3"')
  const list = html.slice(html.indexOf('data-testid="post-list"'), html.indexOf('</ul>', html.indexOf('data-testid="post-list"')))
  expect(list).toContain('How Khan Legal passed Cyber Essentials Plus in six weeks')
  expect(list).not.toContain('Moving a 40-person architecture practice')
})

test('search: typos are corrected, and hostile or huge queries answer 200 as text', async ({ page, request }) => {
  await open(page, '/?s=sevrice')
  // The closest indexed word wins ("services" is in more places than "service").
  await expect(page.getByRole('link', { name: 'Did you mean “services”?' })).toBeVisible()
  await expect(page.getByTestId('search-results').getByRole('listitem').first()).toBeVisible()
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await open(page, `/?s=${encodeURIComponent('"<script>alert(1)</script>"')}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “"<script>alert(1)</script>"”')
  expect(dialogs).toEqual([])
  for (const query of [encodeURIComponent('"<script>alert(1)</script>"'), 'x'.repeat(10_000), '%00']) {
    const response = await request.get(`/?s=${query}`)
    expect(response.status()).toBe(200)
    expect(await response.text()).not.toContain('<script>alert(1)</script>')
  }
  await open(page, '/?s=zzzzqqq')
  await expect(page.getByText('Nothing matched your search.')).toBeVisible()
  await expect(page.getByText('Try one of these pages:')).toBeVisible()
  await expectNoAxeViolations(page)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("search results are in the server's HTML: a shared search link lists its results", async ({ page }) => {
    for (const [path, heading] of [
      ['/?s=backup', 'Search results for “backup”'],
      ['/de?s=sicherung', 'Suchergebnisse für „sicherung“'],
    ] as const) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      const results = page.getByTestId('search-results').getByRole('listitem')
      expect(await results.count(), path).toBeGreaterThan(0)
      await expect(results.first().getByRole('link')).toBeVisible()
    }
  })
})

test('the RSS feed lists the newest posts per locale', async ({ request }) => {
  const feeds: Array<[string, string]> = [
    ['/blog/rss.xml', 'Moving a 40-person architecture practice'],
    ['/de/blog/rss.xml', 'Ein Architekturbüro'],
  ]
  for (const [path, title] of feeds) {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('application/rss+xml')
    expect(await response.text()).toContain(title)
  }
})

test('listing images load as they come near the viewport, with their size reserved', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 480 })
  const requested: string[] = []
  page.on('request', (request) => {
    // The original or one of its generated sizes (/images/_sizes/posts/…).
    if (/\/images\/(?:_sizes\/)?posts\//.test(request.url())) requested.push(request.url())
  })
  await open(page, '/blog')
  const images = page.getByTestId('post-list').locator('img')
  // The first card is near the viewport; the third is far below it on a phone.
  await expect(images.first()).toBeVisible()
  expect(await images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  expect(requested.some((url) => url.includes('phishing-training'))).toBe(false)
  await page.getByRole('heading', { name: 'Phishing training that staff do not hate' }).scrollIntoViewIfNeeded()
  await expect.poll(() => requested.some((url) => url.includes('phishing-training'))).toBe(true)
  // The cards far below are still waiting.
  expect(new Set(requested).size).toBeLessThan(6)
})
