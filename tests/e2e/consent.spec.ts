/**
 * Consent-gated tracking, with every tag ID configured (playwright.config.ts) and every
 * request to a third-party origin intercepted and recorded.
 */
import { baseUrl } from '../../playwright.config'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, waitForHydration } from './helpers'

test.use({ storageState: { cookies: [], origins: [] } })

const TAG_HOSTS = /googletagmanager\.com|google-analytics\.com|doubleclick\.net|googleadservices\.com|clarity\.ms/

async function recordTracking(page: Page): Promise<string[]> {
  const seen: string[] = []
  await page.route(TAG_HOSTS, async (route) => {
    seen.push(route.request().url())
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* stub */' })
  })
  return seen
}

const tagIds = (seen: string[]) =>
  seen
    .map((url) =>
      url.includes('gtm.js')
        ? 'tag-manager'
        : url.includes('G-TEST')
          ? 'local-tag'
          : url.includes('AW-')
            ? 'ad-conversion'
            : url.includes('clarity')
              ? 'session-recording'
              : url,
    )
    .sort()

test('nothing is requested from a tracking origin before consent; Consent Mode defaults are denied', async ({ page, context }) => {
  const seen = await recordTracking(page)
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByTestId('consent-banner')).toBeVisible()
  await page.goto('/about')
  await waitForHydration(page)
  expect(seen).toEqual([])
  const consent = await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer[0]))
  expect(consent).toContain('"analytics_storage":"denied"')
  expect(consent).toContain('"ad_storage":"denied"')
  // Requirements §4: the consent cookie is false until the visitor chooses.
  expect((await context.cookies()).find((cookie) => cookie.name === 'cookie_control_consent')?.value).toBe('false')
})

test("'Accept all' loads every tag once and survives a reload", async ({ page, context }) => {
  const seen = await recordTracking(page)
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Accept all' }).click()
  await expect(page.getByTestId('consent-banner')).toHaveCount(0)
  await expect.poll(() => tagIds(seen)).toEqual(['ad-conversion', 'local-tag', 'session-recording', 'tag-manager'])
  const cookies = await context.cookies()
  expect(cookies.find((cookie) => cookie.name === 'cookie_control_consent')?.value).toBe('true')
  expect(decodeURIComponent(cookies.find((cookie) => cookie.name === 'cookie_control_enabled_cookies')?.value ?? '')).toBe(
    'functional,analytics,marketing',
  )
  await page.getByRole('banner').getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
  expect(seen).toHaveLength(4)
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByTestId('consent-banner')).toHaveCount(0)
  await expect.poll(() => seen.length).toBe(8)
  const update = await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer))
  expect(update).toContain('"analytics_storage":"granted"')
})

test("'Reject all' loads nothing and removes _ga and _gid", async ({ page, context }) => {
  const seen = await recordTracking(page)
  await context.addCookies([
    { name: '_ga', value: 'GA1.1.123.456', url: baseUrl },
    { name: '_gid', value: 'GA1.1.789', url: baseUrl },
  ])
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Reject all' }).click()
  await expect(page.getByTestId('consent-banner')).toHaveCount(0)
  const names = (await context.cookies()).map((cookie) => cookie.name)
  expect(names).not.toContain('_ga')
  expect(names).not.toContain('_gid')
  await page.reload()
  await waitForHydration(page)
  expect(seen).toEqual([])
  await expect(page.getByTestId('consent-banner')).toHaveCount(0)
})

test("'Save preferences' with analytics only loads only the analytics tags; withdrawing stops further loading", async ({
  page,
  context,
}) => {
  const seen = await recordTracking(page)
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Choose cookies' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' })
  await expect(dialog.getByRole('switch', { name: 'Necessary Always on' })).toBeDisabled()
  await expect(dialog.getByRole('switch', { name: /Necessary/ })).toBeChecked()
  // A person clicks the switch's label; the input itself is visually hidden.
  await dialog.getByText('Analytics', { exact: true }).click()
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save preferences' }).click()
  await expect.poll(() => tagIds(seen)).toEqual(['local-tag', 'session-recording', 'tag-manager'])
  await context.addCookies([{ name: '_ga', value: 'GA1.1.1', url: baseUrl }])
  // The footer link reopens the preferences; switching analytics off clears its cookies.
  await page.getByRole('button', { name: 'Cookie settings' }).click()
  const reopened = page.getByRole('dialog', { name: 'Cookie preferences' })
  await expect(reopened.getByRole('switch', { name: 'Analytics' })).toBeChecked()
  await reopened.getByText('Analytics', { exact: true }).click()
  await expect(reopened.getByRole('switch', { name: 'Analytics' })).not.toBeChecked()
  await page.getByRole('button', { name: 'Save preferences' }).click()
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_ga')
  await page.reload()
  await waitForHydration(page)
  await page.waitForTimeout(300)
  expect(tagIds(seen)).toEqual(['local-tag', 'session-recording', 'tag-manager'])
})

test('the banner and the preferences pass axe, work with the keyboard alone and leave the skip link free', async ({ page }) => {
  await recordTracking(page)
  await page.goto('/de')
  await waitForHydration(page)
  const banner = page.getByTestId('consent-banner')
  await expect(banner).toBeVisible()
  await expectNoAxeViolations(page)
  // The skip link stays the first stop and is not covered.
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Zum Hauptinhalt springen' })
  await expect(skip).toBeFocused()
  const skipBox = await skip.boundingBox()
  const bannerBox = await banner.boundingBox()
  expect(skipBox!.y + skipBox!.height).toBeLessThan(bannerBox!.y)
  // Keyboard: reach the banner's buttons and open the preferences.
  await page.getByRole('button', { name: 'Cookies auswählen' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' })
  await expect(dialog).toBeVisible()
  await expectNoAxeViolations(page)
  const analytics = dialog.getByRole('switch', { name: 'Analyse' })
  await analytics.focus()
  await page.keyboard.press('Space')
  await expect(analytics).toBeChecked()
  await dialog.getByRole('button', { name: 'Einstellungen speichern' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(banner).toHaveCount(0)
})

test('the Content-Security-Policy names every tracking origin', async ({ request }) => {
  const policy = (await request.get('/')).headers()['content-security-policy'] ?? ''
  for (const origin of [
    'https://www.googletagmanager.com',
    'https://www.google-analytics.com',
    'https://www.clarity.ms',
    'https://googleads.g.doubleclick.net',
  ]) {
    expect(policy).toContain(origin)
  }
  expect(policy).toContain("object-src 'none'")
})
