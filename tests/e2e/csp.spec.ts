/**
 * The Content-Security-Policy allows no inline script it did not name: a page rendered for
 * one request names its scripts by that request's nonce, a stored page (prerendered or
 * cached) by their hashes (decision 010). Violations are collected in the page itself.
 */
import { createHash } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { expectSearchOpens, waitForHydration, watchConsole } from './helpers'

declare global {
  interface Window {
    __violations?: string[]
    __injected?: boolean
    /** Inline scripts put in the document after the parser was done with it (their first characters). */
    __scriptsAdded?: string[]
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__violations = []
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__violations?.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    )
  })
})

const scriptSrc = (policy: string) =>
  policy
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src ')) ?? ''

/** The inline scripts the browser would run: no src, and JavaScript (not JSON-LD). */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\ssrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes))
    .map(([, attributes = '', text = '']) => ({ attributes, text }))
}

for (const { url, kind } of [
  { url: '/', kind: 'prerendered' },
  { url: '/blog?page=2', kind: 'cached' },
]) {
  test(`a ${kind} page allows exactly its own inline scripts, by hash, and hydrates without a violation`, async ({ page, request }) => {
    await request.get(url) // stored by now
    const response = await request.get(url)
    // From the store, fresh or not: a slow run may reach this page after its freshness ran out.
    expect(response.headers()['x-html-cache']).toMatch(/^(HIT|STALE)$/)
    const policy = scriptSrc(response.headers()['content-security-policy'] ?? '')
    expect(policy).not.toContain("'unsafe-inline'")
    expect(policy).not.toContain("'nonce-")
    const scripts = inlineScripts(await response.text())
    expect(scripts.length).toBeGreaterThan(0)
    const hashes = scripts.map(({ text }) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`)
    for (const hash of hashes) expect(policy).toContain(hash)

    const problems = watchConsole(page)
    await page.goto(url)
    await expectSearchOpens(page)
    expect(await page.evaluate(() => window.__violations)).toEqual([])
    expect(problems()).toEqual([])
  })
}

test('a page rendered per request stamps a fresh nonce on every inline script, and hydrates without a violation', async ({
  page,
  request,
}) => {
  const nonces = []
  for (let i = 0; i < 2; i++) {
    const response = await request.get('/login')
    expect(response.headers()['x-html-cache']).toBeUndefined()
    const policy = scriptSrc(response.headers()['content-security-policy'] ?? '')
    expect(policy).not.toContain("'unsafe-inline'")
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1]
    expect(nonce).toBeTruthy()
    const scripts = inlineScripts(await response.text())
    expect(scripts.length).toBeGreaterThan(0)
    for (const { attributes } of scripts) expect(attributes).toContain(`nonce="${nonce}"`)
    nonces.push(nonce)
  }
  expect(nonces[0]).not.toBe(nonces[1])

  const problems = watchConsole(page)
  await page.goto('/login')
  // The form's fields are enabled once it has hydrated.
  await expect(page.getByRole('textbox').first()).toBeEnabled()
  expect(await page.evaluate(() => window.__violations)).toEqual([])
  expect(problems()).toEqual([])
})

for (const url of ['/', '/login']) {
  test(`an inline script that ${url} did not render does not run`, async ({ page }) => {
    // What an injected script would look like if a CMS field or a proxy slipped one in.
    await page.route(`**${url}`, async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue()
      const response = await route.fetch()
      const headers = { ...response.headers() }
      delete headers['content-encoding']
      delete headers['content-length']
      const body = (await response.text()).replace('</head>', '<script>window.__injected = true</script></head>')
      await route.fulfill({ status: response.status(), headers, body })
    })
    await page.goto(url)
    await waitForHydration(page)
    expect(await page.evaluate(() => window.__injected)).toBeUndefined()
    expect(await page.evaluate(() => window.__violations)).toContainEqual(expect.stringMatching(/^script-src-elem inline/))
  })
}

// The root's own scripts are written by the server and run once, by the parser (decision 059):
// TanStack's head scripts ran each again after hydration where the page had a nonce (it looks
// for the server's copy by a nonce attribute the browser hides), and on every client navigation.
for (const url of ['/', '/login']) {
  test(`the document’s own scripts run once on ${url}: not again once hydrated, nor on client navigations`, async ({ page }) => {
    await page.addInitScript(() => {
      window.__scriptsAdded = []
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLScriptElement && document.readyState !== 'loading' && !node.src && !node.type.includes('json'))
              window.__scriptsAdded!.push(node.text.slice(0, 40))
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(url)
    await waitForHydration(page)
    for (const path of ['/about', '/contact']) {
      await page.locator(`a[href="${path}"]`).first().click()
      await expect(page).toHaveURL(path)
      await expect(page.locator('h1')).toHaveCount(1)
    }
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => window.__scriptsAdded)).toEqual([])
    // Consent Mode's defaults once, before the visitor's choice (the stored "Reject all"), never after it.
    const consent = await page.evaluate(() =>
      (window.dataLayer as ArrayLike<unknown>[] | undefined)?.filter((entry) => entry[0] === 'consent').map((entry) => entry[1]),
    )
    expect(consent).toEqual(['default', 'update'])
  })
}

test('the tags a visitor consents to load under the policy (their origins are named in it)', async ({ page, context }) => {
  await context.clearCookies()
  const loaded: string[] = []
  await page.route(/googletagmanager\.com|clarity\.ms/, async (route) => {
    loaded.push(route.request().url())
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: 'window.__tagRan = (window.__tagRan ?? 0) + 1' })
  })
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Accept all' }).click()
  await expect.poll(() => loaded.length).toBeGreaterThanOrEqual(3)
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tagRan?: number }).__tagRan)).toBe(loaded.length)
  expect(await page.evaluate(() => window.__violations)).toEqual([])
})
