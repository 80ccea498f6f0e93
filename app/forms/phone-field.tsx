/** The phone field (requirements §5: default country GB), in its own chunk with its numbering plan data. */
import { useId, useState, type ReactElement } from 'react'
import PhoneInput, { getCountries, getCountryCallingCode, type Country } from 'react-phone-number-input/input'
import countryNamesDe from 'react-phone-number-input/locale/de.json'
import countryNamesEn from 'react-phone-number-input/locale/en.json'
import { siteConfig } from '../config/site'
import { ChevronDownIcon } from '../ui/icons'
import { m } from '../paraglide/messages'
import { getLocale } from '../paraglide/runtime'
import { descriptionStyles, errorStyles, fieldBoxStyles, labelStyles, nativeInputStyles, RequiredMark } from '../ui/aria/Field'
import { text, type FieldProps } from './field-props'

/**
 * The country picker's options in the locale's alphabetical order, made once per locale:
 * sorting some 245 names with the locale's collation on every render cost about a twentieth
 * of a contact page's render on the server, and ran again on each keystroke in the browser.
 *
 * The order is the one `Intl.Collator` gives, without making one: the first collator in a
 * page loads ICU's collation data, about 11 ms at a desktop's speed and 60 ms at a phone's,
 * in the task that renders the field (docs/decisions/070). These names sort the same
 * compared by their letters with accents and case folded; phone-field.test.tsx checks that
 * against the locale's collator for every name of both catalogs, so a catalog that breaks
 * it fails the tests.
 */
const optionsByLocale = new Map<string, ReactElement[]>()

const folded = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The countries of a catalog in the order described above. */
export function countriesInOrder(names: Record<string, string>): Country[] {
  const keyed = getCountries().map((code) => ({ code, key: folded(names[code] ?? code) }))
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return keyed.map((country) => country.code)
}

export const countryCatalogs = { de: countryNamesDe, en: countryNamesEn } as Record<'de' | 'en', Record<string, string>>

function countryOptions(locale: string): ReactElement[] {
  let options = optionsByLocale.get(locale)
  if (!options) {
    const names = countryCatalogs[locale === 'de' ? 'de' : 'en']
    options = countriesInOrder(names).map((code) => (
      <option key={code} value={code}>
        {`${names[code] ?? code} (+${getCountryCallingCode(code)})`}
      </option>
    ))
    optionsByLocale.set(locale, options)
  }
  return options
}

/** Requirements §5: phone fields default to GB; the visitor can pick another country. */
export default function PhoneField({ field, value, error, onChange }: FieldProps) {
  const id = useId()
  const [country, setCountry] = useState<Country>(siteConfig.forms.defaultPhoneCountry)
  const describedBy = [field.description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1" data-invalid={error ? true : undefined}>
      <label htmlFor={`${id}-input`} className={labelStyles}>
        {field.label}
        {field.required && <RequiredMark />}
      </label>
      <div className="flex gap-2">
        {/* A native select for the country (keyboard and screen readers know it), shown compactly as "GB +44". */}
        <div
          className={fieldBoxStyles({
            shape: 'wrap',
            className: 'relative shrink-0 focus-within:border-focus has-focus-visible:outline-3',
          })}
        >
          <span aria-hidden="true" className="flex h-full items-center gap-1 px-3 font-bold text-ink">
            {`${country} +${getCountryCallingCode(country)}`}
            <ChevronDownIcon size={16} className="text-ink-muted" />
          </span>
          <select
            aria-label={m.form_phone_country()}
            value={country}
            disabled={field.readOnly}
            onChange={(event) => setCountry(event.target.value as Country)}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          >
            {countryOptions(getLocale())}
          </select>
        </div>
        <PhoneInput
          id={`${id}-input`}
          name={field.key}
          defaultCountry={country}
          value={text(value) || undefined}
          onChange={(next) => onChange(next ?? '')}
          readOnly={field.readOnly}
          required={field.required}
          aria-required={field.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="tel"
          placeholder={field.placeholder || undefined}
          className={nativeInputStyles({ className: 'min-w-0 flex-1 read-only:bg-surface-sunken' })}
        />
      </div>
      {field.description && (
        <p id={`${id}-description`} className={descriptionStyles}>
          {field.description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorStyles}>
          {error}
        </p>
      )}
    </div>
  )
}
