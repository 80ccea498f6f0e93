import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, waitForHydration } from './helpers'

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
