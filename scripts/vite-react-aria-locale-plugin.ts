/**
 * React Aria checks the browser's language when its i18n module is first run, with
 * `Intl.DateTimeFormat.supportedLocalesOf`. The first Intl call of that kind in a page makes
 * the browser load ICU's list of locales: 14–18 ms on the project's test machine, over 100 ms
 * at a phone's CPU speed, in the task that runs a form's code (or the search's, or a popup's).
 * The check only asks whether the tag is well-formed: an invalid tag throws, a valid one the
 * browser has no data for does not. `Intl.getCanonicalLocales` answers the same question the
 * same way without loading the list. The islands render with the page's locale anyway
 * (app/ui/aria/aria-providers.tsx). Browser builds only; the build stops if a React Aria
 * upgrade changes that call (docs/decisions/040).
 *
 * The same first use asks each locale's text direction (`isRTL`, for the browser's language
 * and for the page's): React Aria maximizes the locale (`en` → `en-Latn-US`) before asking
 * `getTextInfo()`, and the first maximize in a page loads ICU's likely-subtags data: 30 ms
 * in Chromium unthrottled, 114–202 ms at a phone's CPU speed, in the task that runs an
 * overlay's or a form's first render. `getTextInfo()` on the locale as given answers the
 * same (ICU fills in the likely script itself where the tag has none, and for most of the
 * site's languages, en, de, es, fr, it, ja, pt and ru, it needs no data to do so; hr, hu,
 * no and uk still load it); the maximized locale is kept for
 * browsers without `getTextInfo`, which guess from its script (docs/decisions/061).
 */
import { browserModulePatch } from './vite-module-patch.ts'

const USE_DEFAULT_LOCALE = /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useDefaultLocale\.mjs$/
const SUPPORTED_LOCALES_CHECK = /Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\)/

/** React Aria's useDefaultLocale module with its locale check made without ICU's list; throws when the call is not there. */
export function withoutIcuLocaleList(code: string): string {
  if (!SUPPORTED_LOCALES_CHECK.test(code))
    throw new Error(
      'React Aria useDefaultLocale: `Intl.DateTimeFormat.supportedLocalesOf([locale])` not found (scripts/vite-react-aria-locale-plugin.ts)',
    )
  return code.replace(SUPPORTED_LOCALES_CHECK, 'Intl.getCanonicalLocales(locale)')
}

export const reactAriaLocaleCheckWithoutIcuList = () =>
  browserModulePatch({ name: 'react-aria-locale-check-without-icu-list', id: USE_DEFAULT_LOCALE, patch: withoutIcuLocaleList })

const I18N_UTILS = /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]utils\.mjs$/
const MAXIMIZED_FIRST = /let locale = new Intl\.Locale\(localeString\)\.maximize\(\);/
const TEXT_INFO_ANSWER = /if \(textInfo\) return textInfo\.direction === 'rtl';/

/** React Aria's `isRTL` asking `getTextInfo()` of the locale as given, and maximizing it only for the script fallback; throws when its code is not there. */
export function directionWithoutLikelySubtags(code: string): string {
  if (!MAXIMIZED_FIRST.test(code) || !TEXT_INFO_ANSWER.test(code))
    throw new Error(
      'React Aria isRTL: `new Intl.Locale(localeString).maximize()` before `getTextInfo()` not found (scripts/vite-react-aria-locale-plugin.ts)',
    )
  return code
    .replace(MAXIMIZED_FIRST, 'let locale = new Intl.Locale(localeString);')
    .replace(TEXT_INFO_ANSWER, (answer) => `${answer} locale = locale.maximize();`)
}

export const reactAriaDirectionWithoutLikelySubtags = () =>
  browserModulePatch({ name: 'react-aria-direction-without-likely-subtags', id: I18N_UTILS, patch: directionWithoutLikelySubtags })

/**
 * A form's first render made two more Intl objects whose first construction in a page loads ICU
 * data: React Aria's `Select` (and `ComboBox`) an `Intl.ListFormat`, which only a multiple
 * selection's text uses, and `useSelect` a search `Intl.Collator`, which only typing a letter
 * on the closed select uses. At a phone's CPU speed they were about 120 and 90 ms of the free
 * consultation form's render. The hooks now hand out an object with the same methods that
 * makes the real one on its first call, so a form whose visitor never uses either pays for
 * neither (docs/decisions/067).
 */
const USE_COLLATOR = /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useCollator\.mjs$/
const COLLATOR_MADE = /let formatter = new Intl\.Collator\(locale, options\);/
const USE_LIST_FORMATTER = /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useListFormatter\.mjs$/
const LIST_FORMAT_MADE = /\(\)=>new Intl\.ListFormat\(locale, options\)/

/** React Aria's useCollator handing out a collator made on its first `compare`; throws when its construction is not there. */
export function collatorOnFirstUse(code: string): string {
  if (!COLLATOR_MADE.test(code))
    throw new Error('React Aria useCollator: `new Intl.Collator(locale, options)` not found (scripts/vite-react-aria-locale-plugin.ts)')
  return code.replace(
    COLLATOR_MADE,
    'let made; let make = ()=>made ??= new Intl.Collator(locale, options); let formatter = { compare: (a, b)=>make().compare(a, b), resolvedOptions: ()=>make().resolvedOptions() };',
  )
}

/** React Aria's useListFormatter handing out a list format made on its first `format`; throws when its construction is not there. */
export function listFormatOnFirstUse(code: string): string {
  if (!LIST_FORMAT_MADE.test(code))
    throw new Error(
      'React Aria useListFormatter: `new Intl.ListFormat(locale, options)` not found (scripts/vite-react-aria-locale-plugin.ts)',
    )
  return code.replace(
    LIST_FORMAT_MADE,
    '()=>{ let made; let make = ()=>made ??= new Intl.ListFormat(locale, options); return { format: (list)=>make().format(list), formatToParts: (list)=>make().formatToParts(list), resolvedOptions: ()=>make().resolvedOptions() }; }',
  )
}

export const reactAriaCollatorOnFirstUse = () =>
  browserModulePatch({ name: 'react-aria-collator-on-first-use', id: USE_COLLATOR, patch: collatorOnFirstUse })

export const reactAriaListFormatOnFirstUse = () =>
  browserModulePatch({ name: 'react-aria-list-format-on-first-use', id: USE_LIST_FORMATTER, patch: listFormatOnFirstUse })
