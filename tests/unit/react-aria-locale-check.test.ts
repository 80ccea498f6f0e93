import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import {
  collatorOnFirstUse,
  directionWithoutLikelySubtags,
  listFormatOnFirstUse,
  withoutIcuLocaleList,
} from '../../scripts/vite-react-aria-locale-plugin'
import { moduleCopies } from '../support/module-copy'

const require = createRequire(import.meta.url)
// React Aria as the project's dependency, react-aria-components, resolves it.
const reactAria = path.dirname(createRequire(require.resolve('react-aria-components')).resolve('react-aria/package.json'))
const moduleFile = path.join(reactAria, 'dist/private/i18n/useDefaultLocale.mjs')
const original = readFileSync(moduleFile, 'utf8')

type GetDefaultLocale = () => { locale: string; direction: 'ltr' | 'rtl' }

const copies = moduleCopies('react-aria-locale')
/** React Aria's module, as given, with its relative imports and React's pointed back at the package. */
async function load(code: string, name: string): Promise<GetDefaultLocale> {
  const relative = [...new Set([...code.matchAll(/from "(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!))]
  const imports = Object.fromEntries([
    ...relative.map((specifier) => [specifier, path.resolve(path.dirname(moduleFile), specifier)]),
    ['react', require.resolve('react')],
  ])
  return (await copies.load<{ getDefaultLocale: GetDefaultLocale }>(code, name, imports)).getDefaultLocale
}

function browserLanguage(language: string) {
  Object.defineProperty(globalThis.navigator, 'language', { value: language, configurable: true })
}

afterEach(() => {
  delete (globalThis.navigator as { language?: string }).language
})
afterAll(copies.remove)

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

const utilsFile = path.join(reactAria, 'dist/private/i18n/utils.mjs')
const utils = readFileSync(utilsFile, 'utf8')
type IsRTL = (locale: string) => boolean
const loadIsRTL = async (code: string, name: string) => (await copies.load<{ isRTL: IsRTL }>(code, name, {})).isRTL

describe("React Aria's text direction without ICU's likely subtags (docs/decisions/061)", () => {
  it('asks getTextInfo of the locale as given, and maximizes only for the fallback', () => {
    const changed = directionWithoutLikelySubtags(utils)
    expect(changed).toContain('let locale = new Intl.Locale(localeString);')
    expect(changed.indexOf('.maximize()')).toBeGreaterThan(changed.indexOf('getTextInfo()'))
  })

  it('answers as React Aria does, for tags with and without a script, left to right and right to left', async () => {
    const before = await loadIsRTL(utils, 'utils-original')
    const after = await loadIsRTL(directionWithoutLikelySubtags(utils), 'utils-changed')
    const tags = [
      'en',
      'en-US',
      'de',
      'de-CH',
      'ar',
      'ar-EG',
      'he',
      'fa-AF',
      'ur',
      'ku',
      'ckb',
      'az-Arab',
      'pa-Arab',
      'sr-Cyrl',
      'zh-Hant',
      'ja',
    ]
    for (const tag of tags) expect(after(tag), tag).toBe(before(tag))
    expect(tags.filter(after)).toEqual(['ar', 'ar-EG', 'he', 'fa-AF', 'ur', 'ckb', 'az-Arab', 'pa-Arab'])
    // Without getTextInfo or textInfo (browsers that have neither), the maximized locale's script decides, as before.
    const prototype = Intl.Locale.prototype as { getTextInfo?: unknown; textInfo?: unknown }
    const saved = (['getTextInfo', 'textInfo'] as const).map((name) => [name, Object.getOwnPropertyDescriptor(prototype, name)] as const)
    const maximize = vi.spyOn(Intl.Locale.prototype, 'maximize')
    try {
      for (const [name] of saved) delete prototype[name]
      expect(new Intl.Locale('ar')).not.toHaveProperty('textInfo')
      for (const tag of tags) expect(after(tag), `${tag} without getTextInfo`).toBe(before(tag))
      maximize.mockClear()
      expect(after('ar')).toBe(true)
      expect(after('az-Arab')).toBe(true)
      expect(after('en')).toBe(false)
      expect(maximize, 'the fallback maximizes the locale to find its script').toHaveBeenCalledTimes(3)
    } finally {
      maximize.mockRestore()
      for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(prototype, name, descriptor)
    }
    // With getTextInfo, the answer comes without a maximize.
    const spied = vi.spyOn(Intl.Locale.prototype, 'maximize')
    try {
      expect(after('ar')).toBe(true)
      expect(spied).not.toHaveBeenCalled()
    } finally {
      spied.mockRestore()
    }
  })

  it('stops the build when a React Aria upgrade changes the code', () => {
    expect(() => directionWithoutLikelySubtags(utils.replace('.maximize();', ';'))).toThrow(/not found/)
  })
})

// The hooks as a component would call them: the page's locale, and React's memo run at once.
const hookStubs = mkdtempSync(path.join(tmpdir(), 'react-aria-hook-stubs-'))
const localeStub = path.join(hookStubs, 'locale.mjs')
writeFileSync(localeStub, "export const useLocale = () => ({ locale: 'de-DE', direction: 'ltr' })\n")
const reactStub = path.join(hookStubs, 'react.mjs')
writeFileSync(reactStub, 'export const useMemo = (make) => make()\n')
afterAll(() => rmSync(hookStubs, { recursive: true, force: true }))
const i18nHooks = { './I18nProvider.mjs': localeStub, react: reactStub }

const collatorModule = readFileSync(path.join(reactAria, 'dist/private/i18n/useCollator.mjs'), 'utf8')
const listFormatterModule = readFileSync(path.join(reactAria, 'dist/private/i18n/useListFormatter.mjs'), 'utf8')
type UseCollator = (options?: Intl.CollatorOptions) => Intl.Collator
type UseListFormatter = (options?: Intl.ListFormatOptions) => Intl.ListFormat

describe("React Aria's collator and list format made on first use (docs/decisions/067)", () => {
  it('makes no Intl.Collator until the first comparison, then compares as React Aria did', async () => {
    const { useCollator: before } = await copies.load<{ useCollator: UseCollator }>(collatorModule, 'collator-original', i18nHooks)
    const { useCollator: after } = await copies.load<{ useCollator: UseCollator }>(
      collatorOnFirstUse(collatorModule),
      'collator-changed',
      i18nHooks,
    )
    const made = vi.spyOn(Intl, 'Collator')
    try {
      const collator = after({ usage: 'search', sensitivity: 'base' })
      expect(made, 'nothing made by the hook').not.toHaveBeenCalled()
      const original = before({ usage: 'search', sensitivity: 'base' })
      made.mockClear()
      for (const [a, b] of [
        ['a', 'A'],
        ['ä', 'a'],
        ['b', 'a'],
        ['Straße', 'strasse'],
        ['', 'x'],
      ] as const)
        expect(collator.compare(a, b), `${a} ${b}`).toBe(original.compare(a, b))
      expect(made, 'made once, at the first comparison').toHaveBeenCalledTimes(1)
      expect(collator.resolvedOptions()).toEqual(original.resolvedOptions())
      expect(['b', 'A', 'ä'].sort(collator.compare)).toEqual(['b', 'A', 'ä'].sort(original.compare))
    } finally {
      made.mockRestore()
    }
  })

  it('makes no Intl.ListFormat until the first list is formatted, then formats as React Aria did', async () => {
    const { useListFormatter: before } = await copies.load<{ useListFormatter: UseListFormatter }>(
      listFormatterModule,
      'list-format-original',
      i18nHooks,
    )
    const { useListFormatter: after } = await copies.load<{ useListFormatter: UseListFormatter }>(
      listFormatOnFirstUse(listFormatterModule),
      'list-format-changed',
      i18nHooks,
    )
    const made = vi.spyOn(Intl, 'ListFormat')
    try {
      const formatter = after()
      expect(made, 'nothing made by the hook').not.toHaveBeenCalled()
      const original = before()
      made.mockClear()
      for (const list of [[], ['Montag'], ['Montag', 'Dienstag', 'Mittwoch']]) {
        expect(formatter.format(list)).toBe(original.format(list))
        expect(formatter.formatToParts(list)).toEqual(original.formatToParts(list))
      }
      expect(made, 'made once, at the first list').toHaveBeenCalledTimes(1)
      expect(formatter.resolvedOptions()).toEqual(original.resolvedOptions())
    } finally {
      made.mockRestore()
    }
  })

  it('stops the build when a React Aria upgrade changes either construction', () => {
    expect(() => collatorOnFirstUse(collatorModule.replace('new Intl.Collator', 'Intl.Collator'))).toThrow(/not found/)
    expect(() => listFormatOnFirstUse(listFormatterModule.replace('new Intl.ListFormat', 'Intl.ListFormat'))).toThrow(/not found/)
  })
})
