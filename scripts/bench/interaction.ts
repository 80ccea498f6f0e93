/**
 * The interaction part of `npm run bench`: what a visitor on a phone waits for once the
 * page is there, in Chromium on a phone's screen with its CPU slowed as the Lighthouse part
 * slows it (calibrated from this machine's benchmark index: lighthouse-run.ts) and no
 * network throttling (the server is on loopback):
 *
 * - **Forms ready**: on the pages whose form is far down, the page is left to settle
 *   (network idle), then scrolled at a reading pace (SCROLL_PX_PER_S) until the form is
 *   well in view. Measured: from the moment the form's top enters the viewport until it
 *   can be used (its fieldset enabled). 0 when it was ready before it came into view.
 * - **Interactions**: a scripted visit (open the menu, open the search overlay and type,
 *   open a popup, open the menu again on a fresh page after reading a screen, step a
 *   multi-step form), each interaction's latency as INP measures it:
 *   the longest Event Timing entry of that interaction (input delay, the handlers, and the
 *   next paint). INP ends at the next paint, which can come before what the tap asked for
 *   when that waits for code to load (an overlay's chunk): so each interaction that shows
 *   something is also timed from the input until the frame that first shows it.
 *
 * Every figure is the median of BENCH_INTERACTION_REPEAT rounds (default 3). Each page gets a fresh browser context (an empty HTTP cache) with the consent already
 * decided. Writes `.cache/bench/interaction-report.json`, prints the figures and the
 * targets, and returns 1 when a target is missed.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Locator, type Page } from '@playwright/test'
import { siteConfig } from '../../app/config/site'
import { SERVER_MARKUP_ATTRIBUTE } from '../../app/lib/tap-replay'
import { chromiumFlags } from '../../tests/chromium'
import { ms, table } from './format'
import { benchmarkIndexIn, calibratedSlowdown, chromePath, chromiumVersion, consentCookies } from './lighthouse-run'
import { benchDir, benchPort, buildDate, commitMeasured, HOST, startBuiltServer } from './server'

const PORT = benchPort(0)
const origin = `http://${HOST}:${PORT}`
const reportFile = join(benchDir, 'interaction-report.json')

/** A reader's pace: about one phone screen in 0.8 s. */
const SCROLL_PX_PER_S = 1000
/** Lighthouse's mobile screen (Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }

/** Rounds of the whole part (BENCH_INTERACTION_REPEAT, default 3): each figure is the median, as Lighthouse's targets are. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_INTERACTION_REPEAT ?? 3) || 1)

/** The round whose value is the median (null, never measured, sorts last), with every round's value. */
function medianBy<T>(rounds: T[], value: (item: T) => number | null): T & { rounds: Array<number | null> } {
  const sorted = [...rounds].sort((a, b) => (value(a) ?? Infinity) - (value(b) ?? Infinity))
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, rounds: rounds.map(value) }
}

const targets = {
  /** A form is usable within this of entering the viewport. */
  formReadyMs: 100,
  /** Each interaction's latency (INP's "good" is 200 ms; the project's target is this). */
  interactionMs: 100,
}

/** The demo's pages whose form is far below the first screen. */
const formPages = [
  { name: 'service', path: '/services/cyber-security' },
  { name: 'careers', path: '/careers' },
  { name: 'free consultation', path: '/free-consultation' },
]

interface FormReady {
  page: string
  path: string
  /** From entering the viewport to usable; 0 when usable before; null when not usable within 10 s. */
  readyAfterEnteringMs: number | null
  /** From the start of the scroll until the form entered the viewport. */
  scrolledMs: number | null
}

interface Interaction {
  name: string
  path: string
  /** The longest Event Timing entry of the interaction; null when the browser recorded none (faster than 16 ms). */
  latencyMs: number | null
  /** From the input until the frame that first shows what it asked for had painted; null when not measured. */
  shownMs: number | null
  events: string[]
}

export async function runInteractionBench(): Promise<number> {
  const build = buildDate()
  console.log(`bench: interactions on a phone's CPU (${origin})`)
  const server = await startBuiltServer(PORT)
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags })
  try {
    // Each section's code is loaded by the server on first use: measure the steady state.
    for (const path of [...formPages.map((page) => page.path), '/about']) await (await fetch(`${origin}${path}`)).arrayBuffer()
    const benchmarkIndex = await measureIndex(browser)
    const cpuSlowdown = calibratedSlowdown(benchmarkIndex)
    console.log(
      `bench: Chromium ${chromiumVersion() ?? '(version unknown)'}, benchmark index ${benchmarkIndex.toFixed(0)}, CPU slowed ${cpuSlowdown.toFixed(1)}×`,
    )

    const formRounds: FormReady[][] = []
    const visitRounds: Interaction[][] = []
    for (let round = 1; round <= ROUNDS; round++) {
      process.stdout.write(`bench: round ${round} of ${ROUNDS} … `)
      const forms: FormReady[] = []
      for (const page of formPages) forms.push(await formReady(browser, cpuSlowdown, page))
      formRounds.push(forms)
      visitRounds.push(await scriptedVisit(browser, cpuSlowdown))
      console.log('done')
    }
    const forms = formPages.map((_, index) =>
      medianBy(
        formRounds.map((round) => round[index]!),
        (form) => form.readyAfterEnteringMs,
      ),
    )
    const interactions = visitRounds[0]!.map((_, index) => {
      const rounds = visitRounds.map((round) => round[index]!)
      const shown = medianBy(rounds, (step) => step.shownMs)
      return { ...medianBy(rounds, (step) => step.latencyMs), shownMs: shown.shownMs, shownRounds: shown.rounds }
    })

    writeFileSync(
      reportFile,
      `${JSON.stringify({ date: new Date().toISOString(), commit: commitMeasured(), build, chromium: chromiumVersion(), benchmarkIndex, cpuSlowdown, forms, interactions }, null, 2)}\n`,
    )
    return report(forms, interactions, cpuSlowdown)
  } finally {
    await browser.close()
    await server.stop()
  }
}

async function measureIndex(browser: Browser): Promise<number> {
  const context = await browser.newContext()
  try {
    return await benchmarkIndexIn(await context.newPage())
  } finally {
    await context.close()
  }
}

/** A fresh phone context with the consent decided, its page's CPU slowed. */
async function phonePage(browser: Browser, cpuSlowdown: number): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext(PHONE)
  await context.addCookies(consentCookies.map((cookie) => ({ ...cookie, domain: HOST, path: '/', sameSite: 'Lax' as const })))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  return { context, page, cdp }
}

/**
 * In the page: scrolls at `pxPerSecond` until the form's section is well in view; resolves
 * when it entered the viewport and when it became usable (performance.now()): its fieldset
 * enabled, and the section's own render in the server markup's place (the mark gone,
 * decision 058). Plain JavaScript in a string: the page runs it as written, without the
 * bench's compiled helpers.
 */
const scrollToTheForm = `function (pxPerSecond) {
  return new Promise(function (resolve, reject) {
    var island = Array.from(document.querySelectorAll('[data-section]')).find(function (element) { return element.querySelector('form') })
    if (!island) return reject(new Error('no form section on the page'))
    var id = island.id
    function usable() {
      var element = document.getElementById(id)
      var fieldset = element && element.querySelector('fieldset')
      return Boolean(element && fieldset && !fieldset.disabled && !element.hasAttribute('${SERVER_MARKUP_ATTRIBUTE}'))
    }
    var started = performance.now()
    var entered = null
    var ready = usable() ? started : null
    var watcher = new MutationObserver(function () { if (ready === null && usable()) ready = performance.now() })
    watcher.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', '${SERVER_MARKUP_ATTRIBUTE}'] })
    var last = started
    function frame(now) {
      var element = document.getElementById(id)
      var top = element ? element.getBoundingClientRect().top : Infinity
      if (entered === null && top < innerHeight) entered = now
      var bottom = scrollY + innerHeight >= document.documentElement.scrollHeight - 1
      if (top > innerHeight * 0.3 && !bottom) window.scrollBy({ top: (pxPerSecond * (now - last)) / 1000, behavior: 'instant' })
      last = now
      if ((ready !== null && entered !== null) || now - (entered === null ? now : entered) > 10000) {
        watcher.disconnect()
        return resolve({ entered: entered, ready: ready, started: started })
      }
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })
}`

async function formReady(browser: Browser, cpuSlowdown: number, { name, path }: { name: string; path: string }): Promise<FormReady> {
  const { context, page } = await phonePage(browser, cpuSlowdown)
  try {
    await page.goto(`${origin}${path}`, { waitUntil: 'load' })
    await page.waitForLoadState('networkidle')
    const measured = await page.evaluate<{ entered: number | null; ready: number | null; started: number }>(
      `(${scrollToTheForm})(${SCROLL_PX_PER_S})`,
    )
    const { entered, ready, started } = measured
    return {
      page: name,
      path,
      readyAfterEnteringMs: entered === null || ready === null ? null : Math.max(0, ready - entered),
      scrolledMs: entered === null ? null : entered - started,
    }
  } finally {
    await context.close()
  }
}

/** In the page, from its start: every Event Timing entry of an interaction (INP's source). A string, as scrollToTheForm. */
const recordEventTiming = `(function () {
  var entries = []
  window.__eventTimings = entries
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      if (entry.interactionId > 0) entries.push({ name: entry.name, interactionId: entry.interactionId, duration: entry.duration, startTime: entry.startTime, inputDelay: entry.processingStart - entry.startTime, processing: entry.processingEnd - entry.processingStart })
    })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
})()`

/**
 * In the page, before an input: notes the input's time (its first pointerdown or keydown)
 * and, each animation frame, whether `shown` (an expression) is true yet. The frame where
 * it first is paints what the input asked for; a task queued from that frame runs once
 * the frame is painted, and its time is the one noted: at most a task late, so the figure
 * is an upper bound. The check itself is one query per frame, far lighter than the
 * Playwright polling measureInteraction avoids, but it does keep frames coming during the
 * measurement. A string, as scrollToTheForm.
 */
const watchUntilShown = (shown: string) => `(function () {
  var watch = { input: null, shown: null }
  window.__shownWatch = watch
  function noteInput(event) { if (watch.input === null) watch.input = event.timeStamp }
  addEventListener('pointerdown', noteInput, { capture: true, once: true })
  addEventListener('keydown', noteInput, { capture: true, once: true })
  var started = performance.now()
  function frame(now) {
    if (${shown}) return setTimeout(function () { watch.shown = performance.now() })
    if (now - started < 10000) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()`

/**
 * Measures one interaction: `act` gives the input, `outcome` waits for what it should do.
 * The input is a finger's (fingerTap) or the keyboard's, sent through the browser's input
 * pipeline; `outcome` runs only once the interaction's entries are in. Playwright's own
 * `tap()` and `waitFor()` run its selector engine in the page, on the same slowed main
 * thread: its role queries, hit-target checks and polling each animation frame were
 * measured as part of the site's input delay and paint (opening the menu: 88 ms with them,
 * 64 ms without, on one host). `shown`, an expression true in the page once the input's
 * result is on the screen, times the input until it is painted (watchUntilShown).
 */
async function measureInteraction(
  page: Page,
  name: string,
  act: () => Promise<void>,
  outcome: () => Promise<void>,
  shown?: string,
): Promise<Interaction> {
  const since = await page.evaluate(() => performance.now())
  if (shown) await page.evaluate(watchUntilShown(shown))
  await act()
  // Event Timing reports an entry after the interaction's next paint, which a slowed CPU can put well after the input.
  await page.waitForTimeout(1000)
  const entries = await page.evaluate<Array<{ name: string; duration: number; startTime: number; inputDelay: number; processing: number }>>(
    `window.__eventTimings.filter(function (entry) { return entry.startTime >= ${since} })`,
  )
  // What the input should have done, checked after the measurement, so that a tap that missed fails the bench.
  await outcome()
  const watched = shown ? await page.evaluate<{ input: number | null; shown: number | null }>('window.__shownWatch') : null
  const longest = entries.reduce<number | null>((max, entry) => Math.max(max ?? 0, entry.duration), null)
  return {
    name,
    path: new URL(page.url()).pathname,
    latencyMs: longest,
    // Shown before the input would mean the check matched something already there: no figure rather than a wrong one.
    shownMs: watched?.input != null && watched.shown != null && watched.shown >= watched.input ? watched.shown - watched.input : null,
    // INP's parts: waiting for the main thread, the handlers, then until the next paint.
    events: entries.map(
      (entry) =>
        `${entry.name} ${Math.round(entry.duration)} (${Math.round(entry.inputDelay)} + ${Math.round(entry.processing)} + ${Math.round(entry.duration - entry.inputDelay - entry.processing)})`,
    ),
  }
}

/**
 * Returns a finger's tap on `target`, found and settled now: a touch at its centre, sent as
 * the browser's touch input (the events a phone dispatches: touch, pointer, then click).
 */
async function fingerTap(cdp: CDPSession, target: Locator): Promise<() => Promise<void>> {
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error(`nothing to tap: ${String(target)} has no box`)
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  return async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  }
}

async function settledPage(browser: Browser, cpuSlowdown: number, path: string) {
  const opened = await phonePage(browser, cpuSlowdown)
  await opened.page.addInitScript({ content: recordEventTiming })
  await opened.page.goto(`${origin}${path}`, { waitUntil: 'load' })
  await opened.page.waitForLoadState('networkidle')
  // The page at rest, as a visitor who reads before acting finds it: past the idle-time
  // prefetches of the links in view (app/lib/prefetch.ts), which would otherwise be the
  // input delay of whatever is tapped first.
  await opened.page.waitForTimeout(siteConfig.timing.prefetchIdleTimeoutMs + 1000)
  return opened
}

/** How long the reader of the second menu row reads the page's second screen before going back up to the menu. */
const READING_MS = 4000

/** An overlay's dialog is in the page (it has no enter animation to wait for: decision 060). */
const DIALOG_SHOWN = `document.querySelector('[role=dialog]') !== null`

/** A finger's tap on the phone menu's button, measured until the drawer is painted. */
async function openTheMenu(page: Page, cdp: CDPSession, name: string): Promise<Interaction> {
  return measureInteraction(
    page,
    name,
    await fingerTap(cdp, page.getByRole('button', { name: 'Open menu' })),
    () => page.getByRole('dialog', { name: 'Menu' }).waitFor(),
    DIALOG_SHOWN,
  )
}

const FORM_USABLE = `(function () { var f = document.querySelector('[data-section] form fieldset'); return f !== null && !f.disabled })()`

async function scriptedVisit(browser: Browser, cpuSlowdown: number): Promise<Interaction[]> {
  const results: Interaction[] = []
  const about = await settledPage(browser, cpuSlowdown, '/about')
  try {
    const { page, cdp } = about
    results.push(await openTheMenu(page, cdp, 'open the menu'))
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    results.push(
      await measureInteraction(
        page,
        'open the search overlay',
        await fingerTap(cdp, page.getByRole('button', { name: 'Search', exact: true })),
        () => page.getByRole('searchbox', { name: 'Search for' }).waitFor(),
        `document.querySelector('[role=dialog] input') !== null`,
      ),
    )
    results.push(
      await measureInteraction(
        page,
        'type in the search overlay (each key)',
        () => page.keyboard.type('backups', { delay: 120 }),
        () => expectValue(page.getByRole('searchbox', { name: 'Search for' }), 'backups'),
      ),
    )
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    const popupLink = page.getByRole('contentinfo').getByRole('link', { name: 'Security briefing' })
    await page.evaluate(`document.querySelector('footer').scrollIntoView({ block: 'end', behavior: 'instant' })`)
    results.push(
      await measureInteraction(
        page,
        'open a popup',
        await fingerTap(cdp, popupLink),
        () => page.getByRole('dialog', { name: 'Get our monthly security briefing' }).waitFor(),
        DIALOG_SHOWN,
      ),
    )
  } finally {
    await about.context.close()
  }

  // A visitor who reads before opening the menu: the drawer's code comes once they first
  // scroll (app/lib/prefetch.ts, prefetchOnEngagement), so the tap has only to render it.
  // The row above is the other visitor, whose first act on the page is the tap.
  const reader = await settledPage(browser, cpuSlowdown, '/about')
  try {
    const { page, cdp } = reader
    await page.evaluate(`window.scrollBy({ top: innerHeight, behavior: 'instant' })`)
    await page.waitForTimeout(READING_MS)
    await page.evaluate(`window.scrollTo({ top: 0, behavior: 'instant' })`)
    await page.waitForTimeout(1000)
    results.push(await openTheMenu(page, cdp, 'open the menu after reading'))
  } finally {
    await reader.context.close()
  }

  const consultation = await settledPage(browser, cpuSlowdown, '/free-consultation')
  try {
    const { page, cdp } = consultation
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Next' }) })
    // Straight to it (the site scrolls smoothly, which a slowed CPU can stretch out), as a reader who got there.
    await page.evaluate(`document.querySelector('[data-section] form').scrollIntoView({ block: 'center', behavior: 'instant' })`)
    // Polled from here: waitForFunction would evaluate in the page, which the site's CSP forbids.
    for (const deadline = Date.now() + 20_000; !(await page.evaluate<boolean>(FORM_USABLE)); await page.waitForTimeout(100)) {
      if (Date.now() > deadline) throw new Error('the multi-step form was not usable within 20 s')
    }
    await form.getByLabel('Full name').fill('Sam Bench')
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('sam@example.org')
    await form.getByLabel('Phone').fill('07400 123456')
    results.push(
      await measureInteraction(
        page,
        'step a multi-step form',
        await fingerTap(cdp, form.getByRole('button', { name: 'Next' })),
        () => form.getByRole('heading', { name: /Your business/ }).waitFor(),
        `/Your business/.test(document.querySelector('[data-section] form h3')?.textContent ?? '')`,
      ),
    )
  } finally {
    await consultation.context.close()
  }
  return results
}

async function expectValue(field: Locator, value: string): Promise<void> {
  const typed = await field.inputValue()
  if (typed !== value) throw new Error(`the search field holds "${typed}", not "${value}"`)
}

type Rounds = { rounds: Array<number | null> }
const roundsText = (item: Rounds) => item.rounds.map((value) => (value === null ? '–' : Math.round(value))).join(' ')

function report(
  forms: Array<FormReady & Rounds>,
  interactions: Array<Interaction & Rounds & { shownRounds: Array<number | null> }>,
  cpuSlowdown: number,
): number {
  console.log(`\nForms ready, scrolled to at ${SCROLL_PX_PER_S} px/s, CPU ${cpuSlowdown.toFixed(1)}× slower\n`)
  console.log(
    table(
      ['page', 'scrolled until in view', 'usable after entering', '', 'rounds (ms)'],
      forms.map((form) => {
        const met = form.readyAfterEnteringMs !== null && form.readyAfterEnteringMs <= targets.formReadyMs
        return [`${form.page} ${form.path}`, ms(form.scrolledMs), ms(form.readyAfterEnteringMs), met ? 'met' : 'MISSED', roundsText(form)]
      }),
      [1, 2],
    ),
  )
  console.log(
    `\nInteractions (INP-style latency, the longest event of each; ≤ ${targets.interactionMs} ms; the events of the median round)\n`,
  )
  console.log(
    table(
      [
        'interaction',
        'page',
        'latency',
        '',
        'rounds (ms)',
        'until shown',
        'rounds (ms)',
        'events over 16 ms: ms (input delay + handlers + until painted)',
      ],
      interactions.map((interaction) => [
        interaction.name,
        interaction.path,
        interaction.latencyMs === null ? '< 16 ms' : ms(interaction.latencyMs),
        (interaction.latencyMs ?? 0) <= targets.interactionMs ? 'met' : 'MISSED',
        roundsText(interaction),
        ms(interaction.shownMs),
        roundsText({ rounds: interaction.shownRounds }),
        interaction.events.slice(0, 4).join(', '),
      ]),
      [2, 5],
    ),
  )
  console.log(`\nbench: report written to ${reportFile}`)
  const missed =
    forms.some((form) => form.readyAfterEnteringMs === null || form.readyAfterEnteringMs > targets.formReadyMs) ||
    interactions.some((interaction) => (interaction.latencyMs ?? 0) > targets.interactionMs)
  if (missed) console.log('bench: an interaction target was missed')
  return missed ? 1 : 0
}
