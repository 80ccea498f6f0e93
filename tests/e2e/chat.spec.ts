/**
 * The live chat (requirements §11.4): the launcher, the functional consent it needs, the built-in
 * panel over the embedded CMS (messages stored as a support ticket in its SQLite
 * database, the canned reply announced), Crisp loaded only after consent and a press
 * (its origin stubbed), pages whose `chat` is off, and the backend-down server.
 */
import { createClient } from '@libsql/client'
import { expect, test, type Page } from '@playwright/test'
import { baseUrl, downBaseUrl } from '../../playwright.config'
import { decidedConsent, expectNoAxeViolations, waitForHydration, watchConsole } from './helpers'

/** The e2e server's CMS database (playwright.config.ts), opened when first read: the server creates it. */
let database: ReturnType<typeof createClient> | undefined
const db = () => (database ??= createClient({ url: 'file:.cache/test-cms/e2e.db' }))

/** Every request for the panel's code, the chat server function, or Crisp's origin (answered by a stub). */
async function recordChatLoads(page: Page): Promise<string[]> {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (/chat-panel|sendChatMessage|crisp\.chat/.test(url)) seen.push(url)
  })
  await page.route(/crisp\.chat/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: 'window.__crispLoaded = (window.__crispLoaded || 0) + 1' }),
  )
  return seen
}

async function storedTicket(marker: string) {
  const result = await db().execute({
    sql: `SELECT t.id, t.locale, t.page_url, m.author, m.body FROM chat_messages m JOIN chat_tickets t ON t.id = m.ticket_id
          WHERE t.id = (SELECT ticket_id FROM chat_messages WHERE body LIKE ? ORDER BY id DESC LIMIT 1) ORDER BY m.id`,
    args: [`%${marker}%`],
  })
  return result.rows.map((row) => ({
    ticket: Number(row.id),
    locale: String(row.locale),
    pageUrl: String(row.page_url),
    author: String(row.author),
    body: String(row.body),
  }))
}

test.describe('before consent', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('the launcher loads nothing before consent; pressed, it asks for functional consent, then opens the chat', async ({ page }) => {
    const problems = watchConsole(page)
    const seen = await recordChatLoads(page)
    await page.goto('/')
    await waitForHydration(page)
    const banner = page.getByTestId('consent-banner')
    await expect(banner).toBeVisible()
    const launcher = page.getByRole('button', { name: 'Chat with us' })
    await expect(launcher).toBeVisible()
    // Above the consent banner, not under it.
    const launcherBox = (await launcher.boundingBox())!
    const bannerBox = (await banner.boundingBox())!
    expect(launcherBox.y + launcherBox.height).toBeLessThanOrEqual(bannerBox.y)
    // Idle time passes (the provider would load on idle after consent): still nothing.
    await page.waitForTimeout(4500)
    expect(seen).toEqual([])

    await launcher.click()
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' })
    await expect(preferences).toBeVisible()
    await expect(preferences.getByTestId('consent-asked-for')).toContainText('switch on Functional')
    expect(seen).toEqual([])
    // Saving without functional opens nothing and loads nothing.
    await preferences.getByRole('button', { name: 'Save preferences' }).click()
    await expect(preferences).toHaveCount(0)
    await expect(page.getByTestId('chat-panel')).toHaveCount(0)
    expect(seen).toEqual([])

    await launcher.click()
    await expect(preferences).toBeVisible()
    // A person clicks the switch's label; the input itself is visually hidden.
    await preferences.getByText('Functional', { exact: true }).click()
    await preferences.getByRole('button', { name: 'Save preferences' }).click()
    const panel = page.getByRole('dialog', { name: 'Chat with us' })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('textbox', { name: 'Your message' })).toBeFocused()
    expect(seen.some((url) => url.includes('chat-panel'))).toBe(true)
    expect(seen.some((url) => url.includes('crisp'))).toBe(false)
    expect(problems()).toEqual([])
  })

  test('Crisp loads only after functional consent and a press, and opens', async ({ page }) => {
    const seen = await recordChatLoads(page)
    await page.goto('/careers')
    await waitForHydration(page)
    const launcher = page.getByRole('button', { name: 'Chat with us' })
    await launcher.click()
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' })
    await expect(preferences).toBeVisible()
    await preferences.getByRole('button', { name: 'Reject all' }).click()
    await page.waitForTimeout(500)
    expect(seen).toEqual([])
    await launcher.click()
    await preferences.getByRole('button', { name: 'Accept all' }).click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { __crispLoaded?: number }).__crispLoaded ?? 0)).toBe(1)
    expect(seen).toEqual(['https://client.crisp.chat/l.js'])
    // Our launcher drives Crisp's own window: hidden at load, shown and opened on the press.
    const queue = await page.evaluate(() => JSON.stringify((window as unknown as { $crisp: unknown[] }).$crisp))
    expect(queue).toContain('"chat:hide"')
    expect(queue).toContain('"chat:open"')
    expect(await page.evaluate(() => (window as unknown as { CRISP_WEBSITE_ID: string }).CRISP_WEBSITE_ID)).toBe(
      '00000000-0000-4000-8000-000000000000',
    )
  })
})

test.describe('with functional consent', () => {
  test.use({ storageState: decidedConsent('functional') })

  test('works with the keyboard alone: the message is stored as a ticket and the canned reply announced', async ({ page }) => {
    const problems = watchConsole(page)
    await page.goto('/services/help-desk-support')
    await waitForHydration(page)
    const launcher = page.getByRole('button', { name: 'Chat with us' })
    await expect(launcher).toBeVisible()
    // The launcher is the last control of the page: Shift+Tab from the top reaches it.
    await page.locator('body').focus()
    await page.keyboard.press('Shift+Tab')
    await expect(launcher).toBeFocused()
    await expect(launcher).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: 'Chat with us' })
    await expect(panel).toBeVisible()
    const input = panel.getByRole('textbox', { name: 'Your message' })
    await expect(input).toBeFocused()

    const marker = `chat-${Date.now()}`
    await page.keyboard.type(`My laptop will not start ${marker}`)
    await page.keyboard.press('Enter')
    const log = panel.getByRole('log')
    await expect(log.locator('[data-from="visitor"]')).toContainText(marker)
    const reply = log.locator('[data-from="agent"]')
    await expect(reply).toContainText('Your message is with our help desk as ticket #')
    // Announced: the conversation is a log live region, each message named by its author.
    await expect(log).toHaveAttribute('role', 'log')
    await expect(reply).toContainText('Help desk:')
    await expect(input).toHaveValue('')
    await expect(input).toBeFocused()

    const rows = await storedTicket(marker)
    expect(rows.map((row) => row.author)).toEqual(['visitor', 'agent'])
    expect(rows[0]).toMatchObject({ locale: 'en', pageUrl: '/services/help-desk-support', body: `My laptop will not start ${marker}` })
    await expect(reply).toContainText(`ticket #${rows[0]!.ticket}`)
    expect(rows[1]!.body).toBe((await reply.textContent())!.replace(/^Help desk: /, ''))

    // A second message joins the same ticket.
    await page.keyboard.type(`Still broken ${marker}`)
    await page.keyboard.press('Enter')
    await expect(log.locator('[data-from="agent"]')).toHaveCount(2)
    expect((await storedTicket(marker)).map((row) => row.author)).toEqual(['visitor', 'agent', 'visitor', 'agent'])

    await page.keyboard.press('Escape')
    await expect(panel).toHaveCount(0)
    await expect(launcher).toBeFocused()
    expect(problems()).toEqual([])
  })

  test('axe finds nothing with the panel open, and a message too long is refused with a clear message', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Chat with us' }).click()
    const panel = page.getByRole('dialog', { name: 'Chat with us' })
    await expect(panel).toBeVisible()
    await expectNoAxeViolations(page)
    const input = panel.getByRole('textbox', { name: 'Your message' })
    await input.fill('x'.repeat(1001))
    await panel.getByRole('button', { name: 'Send' }).click()
    await expect(panel.getByText('Please keep your message to 1000 characters or fewer.')).toBeVisible()
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await input.fill('   ')
    await input.press('Enter')
    await expect(panel.getByText('Please type a message.')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('answers in German on German pages', async ({ page }) => {
    await page.goto('/de/services/help-desk-support')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Chatten Sie mit uns' }).click()
    const panel = page.getByRole('dialog', { name: 'Chatten Sie mit uns' })
    const marker = `chat-de-${Date.now()}`
    await panel.getByRole('textbox', { name: 'Ihre Nachricht' }).fill(`Drucker defekt ${marker}`)
    await panel.getByRole('button', { name: 'Senden' }).click()
    await expect(panel.getByRole('log').locator('[data-from="agent"]')).toContainText('Ihre Nachricht liegt unserem Helpdesk als Ticket #')
    expect((await storedTicket(marker))[0]).toMatchObject({ locale: 'de', author: 'visitor' })
  })

  test('is absent where the page turns chat off', async ({ page }) => {
    for (const path of ['/privacy', '/login', '/de/privacy']) {
      await page.goto(path)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('chat-launcher')).toHaveCount(0)
    }
    // And present again on the next page that has it (a client-side navigation).
    await page.goto('/privacy')
    await waitForHydration(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.getByTestId('chat-launcher')).toBeVisible()
  })

  test('with the backend down the panel says so and offers the support form', async ({ page }) => {
    // The page is there (cached or prerendered, as during an outage); its chat call reaches the
    // backend-down server (playwright.config.ts: the same build over a closed port), which answers it.
    await page.route(/\/_serverFn\//, async (route) => {
      if (!route.request().postData()?.includes('Is anyone there?')) return route.fallback()
      const url = new URL(route.request().url())
      await route.fulfill({ response: await route.fetch({ url: `${downBaseUrl}${url.pathname}${url.search}` }) })
    })
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Chat with us' }).click()
    const panel = page.getByRole('dialog', { name: 'Chat with us' })
    await panel.getByRole('textbox', { name: 'Your message' }).fill('Is anyone there?')
    await panel.getByRole('button', { name: 'Send' }).click()
    const offline = panel.getByTestId('chat-offline')
    await expect(offline).toContainText('The chat is not available right now')
    await expect(offline.getByRole('link', { name: 'Go to the support form' })).toHaveAttribute('href', '/support')
    await expect(panel.getByRole('log').locator('[data-from="agent"]')).toHaveCount(0)
    await expectNoAxeViolations(page)
  })

  test('offline in the browser, the panel says so before sending anything', async ({ page, context }) => {
    await page.goto(`${baseUrl}/about`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Chat with us' }).click()
    const panel = page.getByRole('dialog', { name: 'Chat with us' })
    await expect(panel).toBeVisible()
    await context.setOffline(true)
    await expect(panel.getByTestId('chat-offline')).toBeVisible()
    await context.setOffline(false)
    await expect(panel.getByTestId('chat-offline')).toHaveCount(0)
  })
})
