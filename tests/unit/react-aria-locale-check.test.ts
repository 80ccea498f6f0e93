import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { withoutIcuLocaleList } from '../../scripts/vite-react-aria-locale-plugin'

const require = createRequire(import.meta.url)
// React Aria as the project's dependency, react-aria-components, resolves it.
const reactAria = path.dirname(createRequire(require.resolve('react-aria-components')).resolve('react-aria/package.json'))
const moduleFile = path.join(reactAria, 'dist/private/i18n/useDefaultLocale.mjs')
const original = readFileSync(moduleFile, 'utf8')

type GetDefaultLocale = () => { locale: string; direction: 'ltr' | 'rtl' }

const copies = mkdtempSync(path.join(tmpdir(), 'react-aria-locale-'))
/** React Aria's module, as given, run from a folder of its own: its imports point back at the package. */
async function load(code: string, name: string): Promise<GetDefaultLocale> {
  const absolute = code
    .replace(
      /from "(\.{1,2}\/[^"]+)"/g,
      (_, relative: string) => `from "${pathToFileURL(path.resolve(path.dirname(moduleFile), relative)).href}"`,
    )
    .replace(/from "react"/g, `from "${pathToFileURL(require.resolve('react')).href}"`)
    .replace(/^\/\/# sourceMappingURL=.*$/m, '')
  const file = path.join(copies, `${name}.mjs`)
  writeFileSync(file, absolute)
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { getDefaultLocale: GetDefaultLocale }
  return module.getDefaultLocale
}

function browserLanguage(language: string) {
  Object.defineProperty(globalThis.navigator, 'language', { value: language, configurable: true })
}

afterEach(() => {
  delete (globalThis.navigator as { language?: string }).language
})
afterAll(() => rmSync(copies, { recursive: true, force: true }))

describe("React Aria's locale check without ICU's locale list (docs/decisions/040)", () => {
  it('no longer asks for the list of supported locales', () => {
    expect(original).toContain('supportedLocalesOf')
    const changed = withoutIcuLocaleList(original)
    expect(changed).not.toContain('supportedLocalesOf')
    expect(changed).toContain('Intl.getCanonicalLocales(locale)')
  })

  it('answers as React Aria does: a valid tag is kept, with its direction; an invalid one falls back to en-US', async () => {
    const before = await load(original, 'original')
    const after = await load(withoutIcuLocaleList(original), 'changed')
    // A valid tag the runtime may have no data for is kept by both: only a malformed tag throws.
    for (const language of ['de-CH', 'en-GB', 'ar-EG', 'he', 'xx-YY', 'en_GB', 'not a locale!', '']) {
      browserLanguage(language)
      expect(after(), language).toEqual(before())
    }
    browserLanguage('ar-EG')
    expect(after()).toEqual({ locale: 'ar-EG', direction: 'rtl' })
    browserLanguage('not a locale!')
    expect(after()).toEqual({ locale: 'en-US', direction: 'ltr' })
  })

  it('stops the build when a React Aria upgrade changes the call', () => {
    expect(() => withoutIcuLocaleList(original.replace('supportedLocalesOf', 'supportedLocales'))).toThrow(/not found/)
  })
})
