import { expect, test, type Page } from '@playwright/test'
import { siteConfig } from '../../app/config/site'
import {
  chunkRequestsOf,
  emulateConnection,
  expectNoAxeViolations,
  failChunk,
  isSamePage,
  loadCount,
  markPage,
  reloadClaimed,
  waitForHydration,
} from './helpers'

/** A visitor who reads: down a screen and back up to the menu button. */
async function readAScreen(page: Page) {
  await page.evaluate(() => window.scrollBy({ top: window.innerHeight, behavior: 'instant' }))
  await page.waitForTimeout(200)
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
}

test('on phones the menu collapses into a button and an accessible drawer', async ({ page }) => {
  await page.goto('/de/landing/managed-it-support')
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeHidden()
  const button = page.getByRole('button', { name: 'Menü öffnen' })
  await button.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Menü' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('link', { name: 'Über uns' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(button).toBeFocused()
  await button.click()
  await page.getByRole('dialog', { name: 'Menü' }).getByRole('link', { name: 'Blog' }).click()
  await expect(page).toHaveURL(/\/de\/blog$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('on phones the default layout drawer offers the language switch', async ({ page }) => {
  await page.goto('/about')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByTestId('language-button')).toBeVisible()
  await expectNoAxeViolations(page)
})

test("the drawer's code comes at idle time once the visitor first scrolls, not at load; with Save-Data, when the menu is opened (docs/decisions/061)", async ({
  page,
  context,
}) => {
  const chunks = chunkRequestsOf(page, 'mobile-drawer')
  await page.goto('/about')
  await waitForHydration(page)
  // Past the idle time-out: a visitor who only looks at the page has not paid for the drawer.
  await page.waitForTimeout(siteConfig.timing.prefetchIdleTimeoutMs + 500)
  expect(chunks).toEqual([])
  await readAScreen(page)
  await expect.poll(() => chunks.length, { timeout: siteConfig.timing.prefetchIdleTimeoutMs + 5000 }).toBe(1)
  // The tap finds the code there: it asks for nothing more, and the drawer opens.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  expect(chunks).toHaveLength(1)

  const saver = await context.newPage()
  await emulateConnection(saver, 'Save-Data')
  const saverChunks = chunkRequestsOf(saver, 'mobile-drawer')
  await saver.goto('/about')
  await waitForHydration(saver)
  await readAScreen(saver)
  await saver.waitForTimeout(siteConfig.timing.prefetchIdleTimeoutMs + 500)
  expect(saverChunks).toEqual([])
  await saver.getByRole('button', { name: 'Open menu' }).click()
  await expect(saver.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  expect(saverChunks).toHaveLength(1)
})

test("the drawer's code fetched after the first scroll failing to load leaves the page as it is; the tap that needs it reloads (docs/decisions/062)", async ({
  page,
}) => {
  const chunks = await failChunk(page, 'mobile-drawer')
  const loads = loadCount(page)
  await page.goto('/about')
  await waitForHydration(page)
  await markPage(page)
  await readAScreen(page)
  await expect.poll(() => chunks.length, { timeout: siteConfig.timing.prefetchIdleTimeoutMs + 5000 }).toBe(1)
  // Time for a reload to start, were one coming: the visitor goes on reading.
  await page.waitForTimeout(1000)
  expect(loads()).toBe(1)
  expect(await isSamePage(page)).toBe(true)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect.poll(loads).toBe(2)
  expect(await reloadClaimed(page)).toBe(true)
})
