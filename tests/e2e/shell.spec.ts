/**
 * The shell, driven with the keyboard alone where a person would: menus, the language
 * switch, the search overlay, popups, the support modal and the admin bar.
 */
import { expect, test, type Page } from '@playwright/test'
import { chunkRequestsOf, expectNoAxeViolations, retriesFailedImports, waitForHydration, watchConsole } from './helpers'
import { siteConfig } from '../../app/config/site'

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/** Tabs until the focused element matches, failing after `limit` presses. */
async function tabTo(page: Page, matches: (page: Page) => Promise<boolean>, limit = 40, key = 'Tab') {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key)
    if (await matches(page)) return
  }
  throw new Error('focus never reached the target')
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await open(page, '/about')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
})

test('the primary menu dropdown opens, moves with arrows, closes with Escape and navigates with Enter', async ({ page }) => {
  const problems = watchConsole(page)
  await open(page, '/')
  await tabTo(page, async (p) => (await focusedText(p)) === 'Services')
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu', { name: 'Services' })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Services overview',
    'Managed IT support',
    'Help desk support',
    'Cyber security',
    'Cloud and Microsoft 365',
    'Backup and disaster recovery',
  ])
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(page.getByRole('button', { name: 'Services' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Services overview' })).toBeFocused()
  // Keyboard focus shows the site's focus ring, not only the item's faint tint (app/ui/aria/Menu.tsx).
  await expect(menu.getByRole('menuitem', { name: 'Services overview' })).toHaveCSS('outline-style', 'solid')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/landing\/managed-it-support$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  expect(problems()).toEqual([])
})

test('menu links navigate in the app, keep the locale, and announce the new page', async ({ page }) => {
  const problems = watchConsole(page)
  await open(page, '/de')
  await page.evaluate(() => {
    ;(window as unknown as { marker: string }).marker = 'same-document'
  })
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Über uns' }).click()
  await expect(page).toHaveURL(/\/de\/about$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Über uns')
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect(page.getByTestId('route-announcer')).toHaveText('Über Kestrel IT Support')
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document')
  expect(problems()).toEqual([])
})

test('the language switch stores lang for 7 days and round-trips between / and /de with the keyboard', async ({ page, context }) => {
  await open(page, '/about')
  await page.getByTestId('language-button').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menu', { name: 'Language' })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toBeFocused()
  const before = Date.now() / 1000
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/de\/about$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  const cookie = (await context.cookies()).find((c) => c.name === 'lang')
  expect(cookie?.value).toBe('de')
  expect(cookie?.path).toBe('/')
  expect(cookie!.expires - before).toBeGreaterThan(604_800 - 60)
  expect(cookie!.expires - before).toBeLessThan(604_800 + 60)
  await waitForHydration(page)
  await page.getByTestId('language-button').focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowUp')
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/about$/)
  await expect(page).not.toHaveURL(/\/de\//)
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en')
})

test('the search overlay refuses empty text, searches, closes and clears; Escape returns focus', async ({ page }) => {
  await open(page, '/about')
  const trigger = page.getByRole('button', { name: 'Search', exact: true })
  await trigger.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Search the site' })
  await expect(dialog).toBeVisible()
  const input = dialog.getByRole('searchbox', { name: 'Search for' })
  await expect(input).toBeFocused()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Please enter something to search for.')).toBeVisible()
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/about$/)
  // Focus stays trapped in the dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true)
  }
  await input.focus()
  await page.keyboard.type('backups')
  // The message goes as soon as there is text again.
  await expect(dialog.getByText('Please enter something to search for.')).toBeHidden()
  await expect(input).not.toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/\?s=backups$/)
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “backups”')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('searchbox', { name: 'Search for' })).toHaveValue('')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused()
})

test('a #popup- link opens the popup as a dialog; closing returns focus; a missing popup shows an error', async ({ page }) => {
  const problems = watchConsole(page)
  await open(page, '/')
  // A popup is fetched when it first opens and kept (decision 045); a failed one is asked for again.
  const popupRequests = (id: string) => requested.filter((url) => url.includes('"k":["locale","id"]') && url.includes(`"s":"${id}"`)).length
  const requested: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/_serverFn/')) requested.push(decodeURIComponent(request.url()))
  })
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Security briefing' })
  await link.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Get our monthly security briefing' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveClass(/popup-newsletter/)
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Close' }).press('Enter')
  await expect(dialog).toBeHidden()
  await expect(link).toBeFocused()
  // A link in CMS HTML works the same way.
  await page.getByRole('main').getByRole('link', { name: 'get our monthly security briefing' }).click()
  await expect(page.getByRole('dialog', { name: 'Get our monthly security briefing' })).toBeVisible()
  expect(popupRequests('newsletter')).toBe(1)
  await page.keyboard.press('Escape')
  await page.evaluate(() => {
    const a = document.createElement('a')
    a.href = '#popup-no-such-popup'
    a.textContent = 'Broken popup link'
    document.querySelector('main')?.append(a)
  })
  await page.getByRole('link', { name: 'Broken popup link' }).click()
  const failed = page.getByRole('dialog', { name: 'Sorry' })
  await expect(failed).toBeVisible()
  await expect(failed.getByRole('alert')).toHaveText('This content could not be loaded. Please try again in a moment.')
  await page.keyboard.press('Escape')
  await expect(failed).toBeHidden()
  await page.getByRole('link', { name: 'Broken popup link' }).click()
  await expect(page.getByRole('dialog', { name: 'Sorry' })).toBeVisible()
  expect(popupRequests('no-such-popup')).toBe(2)
  expect(problems().filter((line) => !/Failed to load resource/.test(line))).toEqual([])
})

test('support links open the support modal, and are hidden on the managed IT support landing page', async ({ page }) => {
  await open(page, '/about')
  await page.getByRole('button', { name: 'Get support' }).press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Request support' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('region', { name: 'Support request' }).getByRole('button', { name: 'Open a ticket' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Get support' })).toBeFocused()
  await open(page, '/de/about')
  await expect(page.getByRole('button', { name: 'Support anfordern' })).toBeVisible()
})

test('a landing page whose path holds the managed IT support segment hides the support links, in the default layout too', async ({
  page,
}) => {
  // The default layout has the top bar, so only the path rule (app/lib/url.ts) hides the links here.
  for (const [path, language] of [
    ['/landing/managed-it-support-for-law-firms', 'Language'],
    ['/de/landing/managed-it-support-for-law-firms', 'Sprache'],
  ] as const) {
    await open(page, path)
    await expect(page.locator('[data-layout="default"]')).toBeVisible()
    const links = page.getByTestId('support-links')
    await expect(links).toBeAttached()
    await expect(page.getByRole('button', { name: language })).toBeVisible()
    await expect(links).toBeEmpty()
  }
  // Another page of the same layout shows them, with the phone number.
  await open(page, '/services/help-desk-support')
  await expect(page.getByTestId('support-links').getByRole('button', { name: 'Get support' })).toBeVisible()
  await expect(page.getByTestId('support-links').locator('a[href^="tel:"]')).toBeVisible()
})

test('the header links to the shop with a cart icon, named for screen readers', async ({ page }) => {
  for (const [path, layout] of [
    ['/about', 'default'],
    ['/landing/managed-it-support', 'static'],
  ] as const) {
    await open(page, path)
    await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible()
    const shop = page.getByRole('banner').getByRole('link', { name: 'Shop' })
    await expect(shop).toBeVisible()
    await expect(shop).toHaveAttribute('href', 'https://shop.kestrel-it.example/')
    await expect(shop).toHaveAttribute('title', 'Shop')
    // The icon is the cart (two wheels and a basket), and it is decoration: the link is named by its label.
    const icon = shop.locator('svg')
    await expect(icon).toHaveAttribute('aria-hidden', 'true')
    await expect(icon.locator('circle')).toHaveCount(2)
    expect((await icon.boundingBox())?.width ?? 0).toBeGreaterThan(12)
  }
})

test('a support-modal trigger block opens the support modal on a static-layout page too', async ({ page }) => {
  await open(page, '/login')
  await expect(page.locator('[data-layout="static"]')).toBeVisible()
  // The static layout has no top bar: the block on the page is the only way in.
  await expect(page.getByRole('button', { name: 'Get support' })).toHaveCount(0)
  const trigger = page.getByRole('button', { name: 'Open a support request' })
  // The block is an island (app/ui/island.tsx): a key pressed before its code has rendered is
  // made again once it has (decision 058, tests/e2e/early-tap.spec.ts).
  await trigger.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Request support' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('region', { name: 'Support request' }).getByRole('button', { name: 'Open a ticket' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(trigger).toBeFocused()
})

test('breadcrumbs show from 2 items with aria-current on the last, and not on the home page', async ({ page }) => {
  await open(page, '/blog/category/guides')
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Blog', 'Guides'])
  await expect(crumbs.getByRole('link', { name: 'Guides' })).toHaveAttribute('aria-current', 'page')
  await open(page, '/')
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0)
})

test('the footer has four link columns, five named social icons of size 50, badges, address and the year', async ({ page }) => {
  await open(page, '/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('list')).toHaveCount(4)
  for (const network of ['Facebook', 'LinkedIn', 'X (Twitter)', 'Instagram', 'Pinterest']) {
    const icon = footer.getByRole('link', { name: `Kestrel IT Support on ${network}` })
    await expect(icon).toHaveAttribute('target', '_blank')
    await expect(icon).toHaveAttribute('rel', /noopener/)
    const box = await icon.boundingBox()
    expect(box?.width).toBe(50)
    expect(box?.height).toBe(50)
  }
  await expect(footer.getByTestId('review-badge')).toContainText('4.9')
  await expect(footer.getByTestId('status-badge')).toContainText('operational')
  await expect(footer).toContainText('14 Wharf Street')
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Kestrel IT Support`)
  await expect(footer.getByRole('link', { name: 'Service status' })).toHaveAttribute('rel', /noopener/)
  await expect(footer.getByRole('link', { name: 'About' })).not.toHaveAttribute('target', /.+/)
})

test('developer mode: ?dev=true shows the admin bar until Exit removes the cookie', async ({ page, context }) => {
  const html = await (await page.request.get('/about?dev=true')).text()
  expect(html).not.toContain('admin-bar')
  await open(page, '/about?dev=true')
  const bar = page.getByRole('region', { name: 'Developer mode' })
  await expect(bar).toBeVisible()
  await expect(bar.getByRole('link', { name: 'Edit this page' })).toHaveAttribute('href', /post\.php\?post=3&action=edit/)
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(bar).toContainText('Layout: default')
  await expectNoAxeViolations(page)
  await open(page, '/blog')
  await expect(page.getByRole('region', { name: 'Developer mode' })).toBeVisible()
  await page.getByRole('button', { name: 'Exit' }).press('Enter')
  await expect(page.getByRole('region', { name: 'Developer mode' })).toBeHidden()
  expect((await context.cookies()).some((cookie) => cookie.name === 'dev_mode')).toBe(false)
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('region', { name: 'Developer mode' })).toHaveCount(0)
})

test('the header hides on scroll down, returns on scroll up, and stays for reduced motion', async ({ page }) => {
  await open(page, '/blog')
  const header = page.locator('header').first()
  await page.mouse.wheel(0, 600)
  await expect(header).toHaveAttribute('data-hidden', 'true')
  await page.mouse.wheel(0, -200)
  await expect(header).not.toHaveAttribute('data-hidden', 'true')
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.mouse.wheel(0, 800)
  await page.waitForTimeout(200)
  await expect(header).not.toHaveAttribute('data-hidden', 'true')
})

test('an offline notice follows the browser network status', async ({ page, context }) => {
  await open(page, '/')
  await context.setOffline(true)
  await expect(page.getByTestId('offline-notice')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByTestId('offline-notice')).toHaveCount(0)
})

test('code that cannot load while the browser is offline leaves the page in place, pressed or not, and loads once it is back', async ({
  page,
  context,
}) => {
  const browserRetries = await retriesFailedImports(context)
  await open(page, '/')
  await page.evaluate(() => Object.assign(window, { __samePage: true }))
  await context.setOffline(true)
  await expect(page.getByTestId('offline-notice')).toBeVisible()
  // The search overlay's code loads when its button is hovered (app/ui/lazy.tsx); offline, that fails.
  const failed = page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname.startsWith('/assets/'))
  // The page learns of the failure after the browser reports the request (Vite's `vite:preloadError`,
  // then the loader's catch). A hover fetches ahead of need, which reloads nothing either way
  // (docs/decisions/062); the offline rule itself is app/ui/chunk-reload.test.ts's.
  await page.evaluate(() =>
    window.addEventListener('vite:preloadError', () => Object.assign(window, { __importFailed: true }), { once: true }),
  )
  const search = page.getByRole('button', { name: 'Search', exact: true }).first()
  await search.hover()
  await failed
  await page.waitForFunction(() => (window as { __importFailed?: boolean }).__importFailed === true)
  // A reload here would show the browser's own offline screen instead of the page.
  await expect(page.getByTestId('offline-notice')).toBeVisible()
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true)
  // Pressed while offline, the code is needed and cannot load: no reload, and not the error screen
  // either (app/ui/lazy.tsx). The page stays as it was, under the offline notice.
  await search.click()
  await page.waitForTimeout(500)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true)
  // Back online, the overlay the visitor asked for is loaded again. Where the browser fetches
  // a failed module again, it comes on the same page. Where it keeps the failure for the page's
  // life (retriesFailedImports), the load fails at once while online, and the chunk-reload rule
  // reloads the page, the one way to that code there; the overlay then opens at the next press.
  const reloaded = browserRetries ? null : page.waitForEvent('load')
  await context.setOffline(false)
  if (browserRetries) {
    await expect(page.getByRole('dialog', { name: 'Search the site' })).toBeVisible()
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true)
  } else {
    await reloaded
    await waitForHydration(page)
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBeUndefined()
    await expect(page.getByTestId('offline-notice')).toHaveCount(0)
    await page.getByRole('button', { name: 'Search', exact: true }).first().click()
    await expect(page.getByRole('dialog', { name: 'Search the site' })).toBeVisible()
  }
})

test('overlays pass axe in German too', async ({ page }) => {
  await open(page, '/de/blog/five-signs-your-backups-will-not-restore')
  await page.getByRole('button', { name: 'Suche', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Website durchsuchen' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  // Axe reads colours: the search overlay must be gone and the support modal (its code loads on press) fully in.
  await expect(page.getByRole('dialog', { name: 'Website durchsuchen' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Support anfordern' }).click()
  const support = page.getByRole('dialog', { name: 'Support anfordern' })
  await expect(support).toBeVisible()
  await expect(support.getByRole('region', { name: 'Supportanfrage' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('leaving a half-written comment asks first (requirements §4, §8)', async ({ page }) => {
  await open(page, '/blog/kestrel-achieves-iso-27001')
  // The comment form's code loads as it comes near the viewport (app/ui/island.tsx).
  await page.getByRole('textbox', { name: 'Comment', exact: true }).scrollIntoViewIfNeeded()
  await page.getByRole('textbox', { name: 'Comment', exact: true }).fill('Half a thought')
  const messages: string[] = []
  page.once('dialog', (dialog) => {
    messages.push(dialog.message())
    void dialog.dismiss()
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
  await expect.poll(() => messages).toEqual(['You have unsubmitted data. Are you sure you want to change page?'])
  await expect(page).toHaveURL(/\/blog\/kestrel-achieves-iso-27001$/)
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
})

test('keys pressed while a menu’s code is still loading land in the menu (it loads on demand)', async ({ page }) => {
  // The menu's chunk arrives late: the visitor's Enter and ArrowDown come before it.
  await page.route(/\/assets\/menu-popover-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })
  await open(page, '/about')
  await page.getByTestId('language-button').focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menu', { name: 'Language' })).toBeVisible()
  await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('language-button')).toBeFocused()
})

test("on a desktop, whose navigation is in the header, a visitor's scroll fetches no drawer code (docs/decisions/061)", async ({
  page,
}) => {
  const drawerChunks = chunkRequestsOf(page, 'mobile-drawer')
  await page.goto('/about')
  await waitForHydration(page)
  await page.mouse.wheel(0, 800)
  await page.waitForTimeout(siteConfig.timing.prefetchIdleTimeoutMs + 500)
  expect(drawerChunks).toEqual([])
})
