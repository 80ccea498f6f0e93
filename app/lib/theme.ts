/**
 * Requirements §11.4: the colour theme. The visitor picks light, dark or "system" (follow
 * `prefers-color-scheme`) in the header; the choice lives in localStorage (no cookie,
 * never sent to the server: a cached page is the same for everyone, requirements §10.1). The
 * resolved theme is `data-theme="light|dark"` on <html>, the choice `data-theme-choice`;
 * the stylesheet's colour roles follow the first, the header's icon the second.
 * See docs/decisions/017-dark-theme-tokens.md.
 */
import { siteConfig } from '../config/site'

export const themeChoices = ['light', 'dark', 'system'] as const
export type ThemeChoice = (typeof themeChoices)[number]

const DARK_QUERY = '(prefers-color-scheme: dark)'

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (themeChoices as readonly string[]).includes(value)
}

/** The stored choice; "system" when there is none, it is unreadable, or storage is blocked. */
export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(siteConfig.theme.storageKey)
    return isThemeChoice(stored) ? stored : 'system'
  } catch {
    return 'system'
  }
}

/** Stores the choice (when storage is allowed) and applies it at once. */
export function storeThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') window.localStorage.removeItem(siteConfig.theme.storageKey)
    else window.localStorage.setItem(siteConfig.theme.storageKey, choice)
  } catch {
    // Storage blocked (a privacy mode): the choice holds for this page only.
  }
  const root = document.documentElement
  root.dataset.themeChoice = choice
  root.dataset.theme = choice === 'system' ? (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light') : choice
}

/**
 * The same rules as a script inlined in the head: it runs before the first paint (a
 * parser-blocking inline script), so the page is never painted in the wrong theme. It
 * follows the system's theme while the choice is "system", and a choice made in another
 * tab. Covered by the page's CSP hash or nonce like every inline script (decision 010).
 */
export function themeScript(): string {
  const key = JSON.stringify(siteConfig.theme.storageKey)
  return `(function(){var r=document.documentElement,q=window.matchMedia&&matchMedia(${JSON.stringify(DARK_QUERY)});function a(){var c=null;try{c=localStorage.getItem(${key})}catch(e){}if(c!=="light"&&c!=="dark")c="system";r.setAttribute("data-theme-choice",c);r.setAttribute("data-theme",c==="system"?(q&&q.matches?"dark":"light"):c)}a();if(q&&q.addEventListener)q.addEventListener("change",a);addEventListener("storage",function(e){if(e.key===null||e.key===${key})a()})})()`
}
