// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { siteConfig } from '../config/site'
import { readThemeChoice, storeThemeChoice, themeScript } from './theme'

const root = () => document.documentElement

/** happy-dom answers `prefers-color-scheme` from its settings; the system setting under test. */
function systemPrefers(scheme: 'light' | 'dark') {
  ;(
    window as unknown as { happyDOM: { settings: { device: { prefersColorScheme: string } } } }
  ).happyDOM.settings.device.prefersColorScheme = scheme
}

/** Runs the head script as the browser would, once per page load. */
// The inline script is plain text in the head; here it runs with the page globals happy-dom provides.
// oxlint-disable-next-line typescript/no-implied-eval -- the test must run the exact text the head carries
const runHeadScript = () => new Function(themeScript())()

afterEach(() => {
  localStorage.clear()
  root().removeAttribute('data-theme')
  root().removeAttribute('data-theme-choice')
  systemPrefers('light')
})

describe('colour theme (requirements §11.4)', () => {
  it('the head script follows the system setting when nothing is stored', () => {
    systemPrefers('dark')
    runHeadScript()
    expect(root().dataset.theme).toBe('dark')
    expect(root().dataset.themeChoice).toBe('system')
  })

  it('the head script applies a stored choice over the system setting, and ignores junk', () => {
    systemPrefers('dark')
    localStorage.setItem(siteConfig.theme.storageKey, 'light')
    runHeadScript()
    expect(root().dataset.theme).toBe('light')
    expect(root().dataset.themeChoice).toBe('light')
    localStorage.setItem(siteConfig.theme.storageKey, '<script>')
    runHeadScript()
    expect(root().dataset.themeChoice).toBe('system')
    expect(root().dataset.theme).toBe('dark')
  })

  it('a choice made in the page is what the next page load reads', () => {
    storeThemeChoice('dark')
    expect(root().dataset.theme).toBe('dark')
    expect(readThemeChoice()).toBe('dark')
    root().removeAttribute('data-theme')
    runHeadScript()
    expect(root().dataset.theme).toBe('dark')
    // "System" forgets the choice rather than storing a third value.
    storeThemeChoice('system')
    expect(localStorage.getItem(siteConfig.theme.storageKey)).toBeNull()
    expect(readThemeChoice()).toBe('system')
    expect(root().dataset.theme).toBe('light')
  })
})
