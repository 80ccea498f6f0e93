/**
 * A tap on a button before the page has hydrated is made again once it has, and only once
 * (docs/decisions/057, app/lib/tap-replay.ts). The theme button opens its menu on one click and
 * closes it on a second, so "open" afterwards means the tap counted exactly once.
 */
import { expect, test, type Page, type Route } from '@playwright/test'
import { siteConfig } from '../../app/config/site'
import { HYDRATED_EVENT, ISLAND_RENDERED_EVENT, SERVER_MARKUP_ATTRIBUTE, tapReplayScript } from '../../app/lib/tap-replay'
import { waitForElementHydrated, waitForHydration } from './helpers'

declare global {
  interface Window {
    /** The clicks a test watches: on the theme button (the visitor's, before or after React hydrated it, or the head script's), or on the contract page's buttons with the keys the script sends. */
    __clicks?: string[]
    /** The head script's clicks on an island's button, in the island tests. */
    __islandReplays?: number
    /** Set when the root has hydrated (its signal to the head script). */
    __hydrated?: boolean
    /** The contract tests' stand-in for React: what it does with a tap at this moment. */
    __react?: Moment
  }
}

type Moment = 'not listening' | 'waiting' | 'hydrating for the tap' | 'hydrated'

const themeButton = (page: Page) => page.getByTestId('theme-button')
const themeMenu = (page: Page) => page.getByRole('menu')

/** Holds back the browser's requests for the files whose paths match, until `release()`. */
async function holdScripts(page: Page, path: RegExp) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: string[] = []
  await page.route(
    (url) => path.test(url.pathname),
    async (route: Route) => {
      held.push(new URL(route.request().url()).pathname)
      await released
      await route.continue()
    },
  )
  return { release, held }
}

/** Records every click on the theme button, before any of the page's own listeners. */
const recordThemeClicks = () => {
  window.__clicks = []
  addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element && event.target.closest('[data-testid="theme-button"]')
      if (!button) return
      const hydrated = Object.keys(button).some((key) => key.startsWith('__reactProps$'))
      window.__clicks!.push(!event.isTrusted ? 'replay' : hydrated ? 'tap' : 'tap before hydration')
    },
    true,
  )
}

async function expectOpenedOnce(page: Page) {
  await waitForHydration(page)
  await expect(themeMenu(page)).toBeVisible()
  await expect(themeButton(page)).toHaveAttribute('aria-expanded', 'true')
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(recordThemeClicks)
})

test('a tap before the JavaScript has arrived is made once the page has hydrated', async ({ page }) => {
  // The client entry held back: the page is painted and nothing handles its buttons.
  const entry = await holdScripts(page, /^\/assets\/index-[\w-]+\.js$/)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await themeButton(page).click()
  // The tap starts the entry's request (or the first paint already did); the route sees it a moment later.
  await expect.poll(() => entry.held).toHaveLength(1)
  await expect(themeButton(page)).toHaveAttribute('aria-expanded', 'false')
  entry.release()
  await expectOpenedOnce(page)
  // The visitor's tap, then the head script's.
  expect(await page.evaluate(() => window.__clicks)).toEqual(['tap before hydration', 'replay'])
})

test('a tap while React waits for the page’s route code is made once the page has hydrated', async ({ page }) => {
  // Home's route code (scripts/chunks/groups.ts: the "routes" group) held back: React has
  // started and listens, but the root waits for the router, so React stops the tap.
  const route = await holdScripts(page, /^\/assets\/routes-[\w-]+\.js$/)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')))
  expect(route.held.length).toBeGreaterThan(0)
  await themeButton(page).click()
  await expect(themeButton(page)).toHaveAttribute('aria-expanded', 'false')
  route.release()
  await expectOpenedOnce(page)
  expect(await page.evaluate(() => window.__clicks)).toEqual(['tap before hydration', 'replay'])
})

test('Enter on a menu button before the JavaScript has arrived opens its menu with the first item focused, once hydrated', async ({
  page,
}) => {
  const entry = await holdScripts(page, /^\/assets\/index-[\w-]+\.js$/)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const services = page.getByRole('button', { name: 'Services' })
  await services.focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => entry.held).toHaveLength(1)
  await expect(services).toHaveAttribute('aria-expanded', 'false')
  entry.release()
  await waitForHydration(page)
  // As the keyboard opens it once hydrated (tests/e2e/shell.spec.ts): its first item focused,
  // where a click focuses the menu itself.
  const menu = page.getByRole('menu', { name: 'Services' })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Services overview' })).toBeFocused()
  await expect(services).toHaveAttribute('aria-expanded', 'true')
})

/**
 * The head script's side of its contract with React, on a page of its own. React's listener on
 * the document is played by one that does what React does at each moment: nothing yet, stop the
 * tap (the root waits), or hydrate at once inside the tap's dispatch and let it through. (Timing
 * a real tap into the moment between the router being ready and React's hydrating render is
 * beyond a test; decision 057 gives how often real taps landed there, and that React handled
 * each once.)
 */
test.describe('the head script', () => {
  async function pageWithScript(page: Page) {
    await page.setContent(
      `<!doctype html><html><head><script>${tapReplayScript()}</script></head><body>` +
        `<button type="button" id="menu">Menu</button><button type="submit" id="send">Send</button>` +
        `<button type="button" id="gone">Gone</button><button type="button" id="off">Off</button>` +
        `<button type="button" id="opens">Opens on Enter</button>` +
        // An island still showing the server's markup (app/ui/island.tsx), and another.
        `<div id="island" ${SERVER_MARKUP_ATTRIBUTE}><button type="button" id="first">First</button><button type="button" id="later">Later</button></div>` +
        `<div id="other" ${SERVER_MARKUP_ATTRIBUTE}><button type="button">Later</button></div></body></html>`,
    )
    await page.evaluate((hydratedEvent) => {
      window.__react = 'not listening'
      window.__clicks = []
      document.addEventListener(
        'click',
        (event) => {
          if (window.__react === 'waiting') event.stopPropagation()
          if (window.__react === 'hydrating for the tap') {
            window.__react = 'hydrated'
            window.dispatchEvent(new Event(hydratedEvent))
          }
        },
        true,
      )
      document.body.addEventListener('click', (event) =>
        window.__clicks!.push(`${(event.target as Element).id} ${event.isTrusted ? 'tap' : 'replay'}`),
      )
      // The keys the head script sends; a menu button cancels Enter's click, as use-menu-trigger.ts does.
      for (const type of ['keydown', 'keyup'] as const)
        document.body.addEventListener(type, (event) => {
          const id = (event.target as Element).id
          if (event.isTrusted) return
          window.__clicks!.push(`${id} ${event.key} ${type} replay`)
          if (id === 'opens' && type === 'keydown') event.preventDefault()
        })
    }, HYDRATED_EVENT)
  }
  const moment = (page: Page, now: Moment) => page.evaluate((value) => (window.__react = value), now)
  const hydrate = (page: Page) =>
    page.evaluate((name) => {
      window.__react = 'hydrated'
      window.dispatchEvent(new Event(name))
    }, HYDRATED_EVENT)
  /** The island's code renders: new buttons in place of the server's (`-new` ids; `changed`: other text), then its signal. */
  const renderIsland = (page: Page, options: { id?: string; changed?: boolean } = {}) =>
    page.evaluate(
      ({ id, changed, attribute, event }) => {
        const wrapper = document.getElementById(id)!
        const later = changed ? 'Something else' : 'Later'
        wrapper.innerHTML = `<button type="button" id="first-new">First</button><button type="button" id="later-new">${later}</button>`
        wrapper.removeAttribute(attribute)
        wrapper.dispatchEvent(new Event(event, { bubbles: true }))
      },
      { id: options.id ?? 'island', changed: options.changed ?? false, attribute: SERVER_MARKUP_ATTRIBUTE, event: ISLAND_RENDERED_EVENT },
    )
  /** The clicks the page has seen, once the task after hydration (where the replay runs) is over. */
  const clicks = async (page: Page) => {
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)))
    return page.evaluate(() => window.__clicks)
  }

  test('before React listens: the last tap on a button is made again once, after hydration', async ({ page }) => {
    await pageWithScript(page)
    await page.click('#menu')
    await page.click('#menu')
    await page.click('#send')
    await page.click('#menu')
    await hydrate(page)
    expect(await clicks(page)).toEqual(['menu tap', 'menu tap', 'send tap', 'menu tap', 'menu replay'])
    // Once hydrated, a tap is React's alone, whatever happens next.
    await page.click('#menu')
    await hydrate(page)
    expect(await clicks(page)).toEqual(['menu tap', 'menu tap', 'send tap', 'menu tap', 'menu replay', 'menu tap'])
  })

  test('a later tap elsewhere replaces a tap on a button; a script’s click is no tap', async ({ page }) => {
    await pageWithScript(page)
    await moment(page, 'waiting')
    await page.click('#menu')
    await page.mouse.click(600, 400)
    await hydrate(page)
    expect(await clicks(page)).toEqual([])

    await pageWithScript(page)
    await moment(page, 'waiting')
    await page.click('#menu')
    await page.evaluate(() => document.getElementById('gone')!.click())
    await hydrate(page)
    expect(await clicks(page)).toEqual(['menu replay'])
  })

  test('a tap on a submit button is not made again', async ({ page }) => {
    await pageWithScript(page)
    await moment(page, 'waiting')
    await page.click('#send')
    await hydrate(page)
    expect(await clicks(page)).toEqual([])
  })

  test('a tap React stops while the root waits is made again once, after hydration', async ({ page }) => {
    await pageWithScript(page)
    await moment(page, 'waiting')
    await page.click('#menu')
    expect(await clicks(page)).toEqual([])
    await hydrate(page)
    expect(await clicks(page)).toEqual(['menu replay'])
  })

  test('a tap React hydrates for at once is not made again', async ({ page }) => {
    await pageWithScript(page)
    await moment(page, 'hydrating for the tap')
    await page.click('#menu')
    expect(await clicks(page)).toEqual(['menu tap'])
  })

  test('Enter on a button is made again as the keyboard makes it: the key, then the click unless the key was cancelled', async ({
    page,
  }) => {
    /** A key pressed on a button while React waits; `before` runs before hydration. What the page then sees. */
    const pressWhileWaiting = async (id: string, key: string, before?: () => Promise<unknown>) => {
      await pageWithScript(page)
      await moment(page, 'waiting')
      await page.focus(`#${id}`)
      await page.keyboard.press(key)
      await before?.()
      await hydrate(page)
      return clicks(page)
    }
    expect(await pressWhileWaiting('menu', 'Enter')).toEqual(['menu Enter keydown replay', 'menu replay', 'menu Enter keyup replay'])
    expect(await pressWhileWaiting('opens', 'Enter')).toEqual(['opens Enter keydown replay', 'opens Enter keyup replay'])
    // Space clicks on its release; made again the same way.
    expect(await pressWhileWaiting('opens', ' ')).toEqual(['opens Enter keydown replay', 'opens Enter keyup replay'])
    // A button disabled since gets no key either (the browser would not click it, but would send it keys).
    const disable = () => page.evaluate(() => document.getElementById('off')!.setAttribute('disabled', ''))
    expect(await pressWhileWaiting('off', 'Enter', disable)).toEqual([])
  })

  test('a tap on a button that left the page, was disabled, or is too old is not made again', async ({ page }) => {
    await pageWithScript(page)
    await moment(page, 'waiting')
    await page.click('#gone')
    await page.evaluate(() => document.getElementById('gone')!.remove())
    await hydrate(page)
    expect(await clicks(page)).toEqual([])

    await pageWithScript(page)
    await moment(page, 'waiting')
    await page.click('#off')
    await page.evaluate(() => document.getElementById('off')!.setAttribute('disabled', ''))
    await hydrate(page)
    expect(await clicks(page)).toEqual([])

    await pageWithScript(page)
    await moment(page, 'waiting')
    await page.click('#menu')
    await page.evaluate((ageMs) => {
      const now = performance.now.bind(performance)
      performance.now = () => now() + ageMs
    }, siteConfig.timing.tapReplayMaxAgeMs)
    await hydrate(page)
    expect(await clicks(page)).toEqual([])
  })

  test('a tap on a button in an island’s server markup is made again on its new button once the island has rendered, hydrated or not', async ({
    page,
  }) => {
    // After hydration: React lets the tap through, and nothing in the server's markup handles it.
    await pageWithScript(page)
    await hydrate(page)
    await page.click('#later')
    await hydrate(page)
    expect(await clicks(page)).toEqual(['later tap'])
    await renderIsland(page)
    expect(await clicks(page)).toEqual(['later tap', 'later-new replay'])

    // Before: hydration alone does not make it, the island's render does.
    await pageWithScript(page)
    await moment(page, 'waiting')
    await page.click('#later')
    await hydrate(page)
    expect(await clicks(page)).toEqual([])
    await renderIsland(page, { id: 'other' })
    expect(await clicks(page)).toEqual([])
    await renderIsland(page)
    expect(await clicks(page)).toEqual(['later-new replay'])
  })

  test('a tap in an island’s server markup is not made again on other text, or after a later tap', async ({ page }) => {
    await pageWithScript(page)
    await hydrate(page)
    await page.click('#later')
    await renderIsland(page, { changed: true })
    expect(await clicks(page)).toEqual(['later tap'])

    // A later tap on a button React handles is the visitor's latest intent.
    await pageWithScript(page)
    await hydrate(page)
    await page.click('#later')
    await page.click('#menu')
    await renderIsland(page)
    expect(await clicks(page)).toEqual(['later tap', 'menu tap'])
  })

  test('Enter on a button in an island’s server markup is made again on its new button as the keyboard makes it', async ({ page }) => {
    await pageWithScript(page)
    await hydrate(page)
    await page.focus('#later')
    await page.keyboard.press('Enter')
    expect(await clicks(page)).toEqual(['later tap'])
    await renderIsland(page)
    expect(await clicks(page)).toEqual(['later tap', 'later-new Enter keydown replay', 'later-new replay', 'later-new Enter keyup replay'])
  })
})

/**
 * The same for a real island: the login page's support-request block, whose code loads when it
 * nears the viewport (app/ui/island.tsx, `visible`), held back here until `release()`.
 */
test.describe('a part whose code comes later (an island)', () => {
  const supportButton = (page: Page) => page.getByRole('button', { name: 'Open a support request' })
  const supportBlock = (page: Page) => page.locator('[data-section="support_modal_trigger"]')

  async function loginWithBlockHeld(page: Page) {
    const code = await holdScripts(page, /^\/assets\/support-modal-trigger-[\w-]+\.js$/)
    // Not waitForHydration: the held request keeps the network busy. The root's own signal instead.
    await page.addInitScript((name) => addEventListener(name, () => (window.__hydrated = true)), HYDRATED_EVENT)
    // The head script's clicks on the block's button (none is the visitor's).
    await page.addInitScript(() => {
      window.__islandReplays = 0
      addEventListener(
        'click',
        (event) => {
          if (!event.isTrusted && event.target instanceof Element && event.target.closest('[data-section="support_modal_trigger"]'))
            window.__islandReplays!++
        },
        true,
      )
    })
    await page.goto('/login')
    await page.waitForFunction(() => window.__hydrated === true)
    await supportButton(page).scrollIntoViewIfNeeded()
    await expect.poll(() => code.held).toHaveLength(1)
    await expect(supportBlock(page)).toHaveAttribute(SERVER_MARKUP_ATTRIBUTE, '')
    return code
  }

  test('a tap on its button before its code has rendered opens what the button opens, once it has', async ({ page }) => {
    const code = await loginWithBlockHeld(page)
    await supportButton(page).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    code.release()
    await expect(page.getByRole('dialog', { name: 'Request support' })).toBeVisible()
    await expect(supportBlock(page)).not.toHaveAttribute(SERVER_MARKUP_ATTRIBUTE)
    // Made once: the page has one head script (a second copy would make it twice; decision 059).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(await page.evaluate(() => window.__islandReplays)).toBe(1)
  })

  test('keyboard focus on its button stays on the same button once its code has rendered, and Enter pressed before is made', async ({
    page,
  }) => {
    const code = await loginWithBlockHeld(page)
    await supportButton(page).focus()
    code.release()
    await expect(supportBlock(page)).not.toHaveAttribute(SERVER_MARKUP_ATTRIBUTE)
    // A new element: the island's render replaced the server's button.
    await waitForElementHydrated(supportButton(page))
    await expect(supportButton(page)).toBeFocused()

    const again = await loginWithBlockHeld(page)
    await supportButton(page).focus()
    await page.keyboard.press('Enter')
    again.release()
    await expect(page.getByRole('dialog', { name: 'Request support' })).toBeVisible()
  })
})
