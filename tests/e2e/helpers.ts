import { expect, test, type BrowserContext, type Frame, type Locator, type Page, type TestInfo } from '@playwright/test'
import axe from 'axe-core'
import { siteConfig } from '../../app/config/site'
import { PAGE_AT_TIMEOUT } from '../reporters/playwright-failures'
import { classConflicts } from '../support/class-conflicts'

/** Collects console errors and warnings (hydration mismatches among them) and page errors. */
export function watchConsole(page: Page): () => string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return () => problems
}

/**
 * Waits until React has hydrated the page: loaded, the client entry put in the loader's
 * place (it is fetched after the first paint, which can come after the load event:
 * docs/decisions/038), the network quiet, and the header's buttons carrying React's
 * handlers. The page hydrates in short tasks (docs/decisions/039), which can outlast a quiet
 * network on a loaded machine, and a key pressed on a button before then is lost (ci74: the
 * theme menu did not open).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.readyState === 'complete')
  await page.waitForFunction(() => document.querySelector('script[data-entry]') === null)
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('header button')].every((button) => Object.keys(button).some((key) => key.startsWith('__reactProps$'))),
  )
}

/** How long a timed-out test's page gets to answer what it is doing. */
const PAGE_ANSWER_MS = 5_000

/**
 * An `afterEach` hook: when the test ran out of time, what the page was doing then, for the
 * failure's line (tests/reporters/playwright-failures.ts). Whether its main thread still
 * answers, where it was, and its longest frame: a frame as long as the test is the page's
 * own script blocking (or a renderer starved of CPU); a quick answer with short frames is a
 * wait on the test's side. Two phone demo pages timed out in grading runs (20aac9a in axe's
 * preparation, bdd0b0e in the scroll through the page) and never here.
 */
export async function recordPageAtTimeout({ page }: { page: Page }, testInfo: TestInfo) {
  if (testInfo.status !== 'timedOut' || page.isClosed()) return
  const answer = page
    .evaluate(async () => {
      // Long animation frames are kept from the page's start (buffered), unlike long tasks.
      const frames = await new Promise<PerformanceEntryList>((resolve) => {
        if (!PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) return resolve([])
        new PerformanceObserver((list, observer) => {
          observer.disconnect()
          resolve(list.getEntries())
        }).observe({ type: 'long-animation-frame', buffered: true })
        setTimeout(() => resolve([]), 200)
      })
      const longest = frames.reduce((most, frame) => Math.max(most, frame.duration), 0)
      return [
        `answered at ${location.pathname} (${document.readyState}, ${document.visibilityState})`,
        `scrolled to ${Math.round(scrollY)} of ${document.documentElement.scrollHeight} px`,
        `${document.getAnimations().length} animations`,
        `longest frame ${Math.round(longest)} ms of ${frames.length} over 50 ms`,
      ].join(', ')
    })
    .catch((error: unknown) => `did not answer: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${PAGE_ANSWER_MS} ms`), PAGE_ANSWER_MS)
  })
  testInfo.annotations.push({ type: PAGE_AT_TIMEOUT, description: await Promise.race([answer, late]) })
  clearTimeout(timer)
}

/** Waits until React has rendered this element on the client (an island's markup is the server's until then). */
export async function waitForElementHydrated(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')))).toBe(true)
}

/** The page is hydrated: a React Aria button opens its dialog. */
export async function expectSearchOpens(page: Page) {
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Search', exact: true }).first().click()
  await expect(page.getByRole('dialog', { name: 'Search the site' })).toBeVisible()
}

/**
 * What one axe run over a full page with its overlays may take on a loaded 2-core machine:
 * each run adds this to its test's budget, so a test that checks three states gets three
 * runs' time, and the suite's 30 s stays the budget for everything else.
 */
const AXE_RUN_ALLOWANCE_MS = 30_000

/** How long a page may take to finish its overlays' and sections' motion before axe reads its colours. */
const SETTLE_MS = 10_000

/** The longest wait for two frames before axe runs: far more than two frames take, slowed. */
const FRAMES_MS = 1_000

/**
 * The axe rules whose result can change when only colours do. The dark theme swaps the
 * palette's custom properties and nothing else (app/contract/palette.ts, app/styles.css):
 * no element is shown, hidden or moved by it. So after a page has passed every rule in the
 * light theme, the dark theme needs only these, which is a third of a full run's time.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Runs axe-core in the page as it is now, every frame included, and answers its violations.
 *
 * axe's source is put into each document once (a navigation starts a new one), and the run
 * is one `axe.run` in the page. @axe-core/playwright sent the 600 KB source again on every
 * run, and twice more to a blank page it opened to merge the frames' results: 2.3–3.0 s a run
 * on the careers page here, where this takes 0.25 s, for the same rules over the same frames.
 * Only violations are collected: axe still runs every rule, but skips recording each passing
 * node, a quarter of a run's time on a long page and most of the answer's size.
 */
/** A document that axe-core's source has run in. */
type AxeWindow = { axe?: typeof axe }

async function runAxe(page: Page, runOnly: { type: 'rule' | 'tag'; values: string[] }) {
  await injectAxe(page.mainFrame())
  for (const frame of page.frames().filter((frame) => frame !== page.mainFrame())) {
    // A frame that is going away, or navigating, while it is asked is left out, as
    // @axe-core/playwright left it out; the page's own document never is.
    await injectAxe(frame).catch(() => undefined)
  }
  return page.evaluate((options) => (window as AxeWindow).axe!.run(document, options), {
    runOnly,
    resultTypes: ['violations' as const],
    // On a loaded machine a frame gets 2 s, not axe's 500 ms, to say it is there (one that
    // cannot, such as a frame the CSP blocked, is left out after that); and one that said so
    // but sends no results ends the run with axe's own error within the run's allowance.
    pingWaitTime: 2_000,
    frameWaitTime: 20_000,
  })
}

async function injectAxe(frame: Frame) {
  const present = await frame.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function')
  if (present) return
  await frame.evaluate(axe.source)
  // Every frame answers the page's run, as @axe-core/playwright set it up: a cross-origin
  // frame (an embed's player) is checked too, not skipped.
  await frame.evaluate(() => (window as AxeWindow).axe!.configure({ allowedOrigins: ['<unsafe_all_origins>'] }))
}

/**
 * Runs axe on the page as it is now. `coloursOnly` checks only COLOUR_RULES: for the same
 * page after the theme changed, once it has passed a full run in the other theme. Checks
 * too that no element has two classes that set the same thing (docs/decisions/065).
 */
export async function expectNoAxeViolations(page: Page, { coloursOnly = false } = {}) {
  test.info().setTimeout(test.info().timeout + AXE_RUN_ALLOWANCE_MS)
  // Colours are only final once overlays have finished fading in. Nothing on the site moves
  // for longer than a section's 700 ms reveal, so a page still moving after SETTLE_MS is
  // named with what moves, not left to the test's timeout. Asked on a timer, not on each
  // frame: the waits here do not depend on the page producing frames (see below).
  await page
    .waitForFunction(
      () =>
        document.querySelector('[data-entering], [data-exiting]') === null &&
        document.getAnimations().every((animation) => animation.playState !== 'running' && !animation.pending),
      undefined,
      { timeout: SETTLE_MS, polling: 100 },
    )
    .catch(async (error: unknown) => {
      const moving = await page.evaluate(() => {
        const name = (element: Element | null | undefined) =>
          element
            ? `${element.tagName.toLowerCase()}${[...element.attributes].map((a) => `[${a.name}="${a.value.slice(0, 40)}"]`).join('')}`
            : 'none'
        return [
          ...[...document.querySelectorAll('[data-entering], [data-exiting]')].map((element) => `entering or exiting: ${name(element)}`),
          ...document.getAnimations().map((animation) => {
            const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null
            const what = animation instanceof CSSTransition ? `transition of ${animation.transitionProperty}` : animation.constructor.name
            return `${what} ${animation.playState}${animation.pending ? ' (pending)' : ''} on ${name(target)}`
          }),
        ]
      })
      throw new Error(`the page did not settle for axe within ${SETTLE_MS} ms: ${moving.join('; ') || 'nothing moves now'}`, {
        cause: error,
      })
    })
  // Every part of the page is rendered and shown in full for the run, as it is once a visitor
  // scrolls to it. Sections with scroll animations (app/sections/reveal.tsx) without their fade:
  // axe scrolls a section into view to read its background, which would start the fade and
  // catch it half transparent, and one still waiting to fade in would be skipped as invisible.
  // Parts that skip their rendering while far from the viewport (decision 048) rendered: axe
  // reads colours and target sizes from what the browser hit-tests, and a skipped part has
  // nothing there. Taken away after the run.
  // The style is put in without page.addStyleTag, which waits for the element's load event,
  // and the two frames that apply it are waited for at most FRAMES_MS: one test of the
  // grading run of 20aac9a ran out of time after entering this function, without saying
  // where, and an inline style applies at the next style recalculation, which axe's own
  // reads force.
  const revealAll = await page.evaluateHandle((css) => {
    const style = document.createElement('style')
    style.textContent = css
    return document.head.appendChild(style)
  }, ['[data-reveal] { transition: none !important; opacity: 1 !important; translate: none !important; }', '[data-below-fold] { content-visibility: visible !important; }'].join('\n'))
  await page.evaluate(
    (timeout) =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve))
        setTimeout(resolve, timeout)
      }),
    FRAMES_MS,
  )
  const results = await runAxe(
    page,
    coloursOnly
      ? { type: 'rule', values: COLOUR_RULES }
      : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  )
  await revealAll.evaluate((style) => style.remove())
  // Every class list on the page as it is now, in whatever state the test left it: no class
  // in one may override another, as the browser joins them without a merge (docs/decisions/065).
  const classLists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll('[class]')].map((element) => element.getAttribute('class') ?? '')),
  ])
  expect(classConflicts(classLists), 'Tailwind classes that another class on the same element overrides').toEqual([])
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}

/**
 * The storage state of a visitor who already chose in the consent banner: `enabled` is the
 * consent cookie's list of categories (e.g. `functional`), as the banner writes it.
 */
export function decidedConsent(enabled: string) {
  return {
    cookies: [
      ['cookie_control_consent', 'true'],
      ['cookie_control_enabled_cookies', enabled],
    ].map(([name = '', value = '']) => ({
      name,
      value,
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    })),
    origins: [],
  }
}

const videoProviders = /youtube|vimeo|ytimg/

/** Every request that left for a video provider (decision 028: none before a click or consent). */
export function providerRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (videoProviders.test(new URL(request.url()).hostname)) seen.push(request.url())
  })
  return seen
}

/** The providers cannot be reached from the test machine: anything asked of them gets a stand-in page. */
export async function standInProviders(page: Page) {
  await page.route(
    (url) => videoProviders.test(url.hostname),
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
  )
}

/** A visitor who asked to save data, or on a 2g / slow-2g connection, as Chromium reports them to the page. */
export async function emulateConnection(page: Page, connection: 'Save-Data' | '2g' | 'slow-2g') {
  const cdp = await page.context().newCDPSession(page)
  const apply = () =>
    connection === 'Save-Data'
      ? cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true })
      : // Chromium derives navigator.connection.effectiveType from the emulated round trip: ≥ 1400 ms is 2g, ≥ 2000 ms slow-2g.
        cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: connection === '2g' ? 1500 : 2100,
          downloadThroughput: -1,
          uploadThroughput: -1,
        })
  await apply()
  // Debian's Chromium 150 reports the emulated round trip only to the document it was set in:
  // the next one, even on the same origin, says 4g again. So it is set again for each document,
  // as soon as it is committed: the site reads the connection at each prefetch, at idle time
  // after hydration (app/lib/prefetch.ts), long after that.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) apply().catch(() => undefined)
  })
}

/**
 * Whether this browser fetches a module again after its fetch failed. Debian's Chromium 150
 * keeps the failure for the document's life (an import of that URL fails at once, without a
 * request; a modulepreload's failure poisons every module importing it the same way); the
 * Chromium of earlier CI runs fetched it again. Probed in a page of its own, on the site's
 * origin, whose module fails once and then loads.
 */
export async function retriesFailedImports(context: BrowserContext): Promise<boolean> {
  const probe = await context.newPage()
  try {
    let requests = 0
    await probe.route('**/__import-probe/module.js', (route) =>
      ++requests === 1 ? route.abort() : route.fulfill({ contentType: 'text/javascript', body: 'export default true' }),
    )
    await probe.route('**/__import-probe/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>probe</title>' }),
    )
    await probe.goto('/__import-probe/')
    // A string: Playwright's transform would otherwise rewrite the import() in a function.
    return await probe.evaluate<boolean>(
      `(async () => { const load = () => import('/__import-probe/module.js').then(() => true, () => false); await load(); return load() })()`,
    )
  } finally {
    await probe.close()
  }
}

/** One of the build's chunks, by its name: `mobile-drawer` for `/assets/mobile-drawer-<hash>.js`. */
const chunkPattern = (chunk: string) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`)

/** Every request the page makes for one of the build's chunks, by its name, as they are made. */
export function chunkRequestsOf(page: Page, chunk: string): string[] {
  const pattern = chunkPattern(chunk)
  const requests: string[] = []
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) requests.push(request.url())
  })
  return requests
}

/** Every request for one of the build's chunks fails, as after a deploy that removed it. Returns the requests, as they are made. */
export async function failChunk(page: Page, chunk: string): Promise<string[]> {
  await page.route(chunkPattern(chunk), (route) => route.abort())
  return chunkRequestsOf(page, chunk)
}

/** How many times the page has loaded so far: a reload counts one more. */
export function loadCount(page: Page): () => number {
  let loads = 0
  page.on('load', () => loads++)
  return () => loads
}

/** Whether the site's chunk-reload rule reloaded this tab (its guard keeps the time in session storage: app/ui/chunk-reload.ts). */
export const reloadClaimed = async (page: Page) =>
  /^\d+$/.test((await page.evaluate((key) => sessionStorage.getItem(key), siteConfig.timing.reloadGuardStorageKey)) ?? '')

/** Marks the page as it is now, so that `isSamePage` tells whether it was since reloaded. */
export const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __samePage: true }))
export const isSamePage = (page: Page) => page.evaluate(() => (window as { __samePage?: boolean }).__samePage === true)
