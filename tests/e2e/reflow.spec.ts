/**
 * WCAG 2.2 1.4.10 (reflow): at 320 CSS px wide no page scrolls sideways, in every routed
 * locale (requirements §11.4: the German footer's "Nutzungsbedingungen" used to overflow). Long
 * words wrap or hyphenate; nothing is hidden to make room.
 */
import { expect, test } from '@playwright/test'
import { routedLocales } from '../../app/config/site'
import { waitForHydration } from './helpers'
import { pageTypes } from './page-types'

test.use({ viewport: { width: 320, height: 640 } })

for (const locale of routedLocales) {
  test(`no page type scrolls sideways at 320 px (${locale})`, async ({ page }) => {
    // One full visit per page type, each waiting for hydration and the network to go idle: more
    // than the suite's 30 s on a loaded 2-core machine, so three times that.
    test.slow()
    for (const type of pageTypes) {
      await page.goto(type[locale])
      await waitForHydration(page)
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth
        const sticking = [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > width + 0.5)
          .map((element) => `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 40)}”`)
        return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, sticking: sticking.slice(-3) }
      })
      expect(overflow.scrollWidth, `${type[locale]}: ${overflow.sticking.join(', ')}`).toBeLessThanOrEqual(overflow.clientWidth)
      // Nothing was hidden to get there: the footer's links are all on screen.
      for (const link of await page
        .getByRole('navigation', { name: /Footer|Fußzeile/ })
        .getByRole('link')
        .all()) {
        await expect(link).toBeVisible()
      }
    }
  })
}
