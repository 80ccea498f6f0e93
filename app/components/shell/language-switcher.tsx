/**
 * SPEC §2 and §4: the language dropdown lists the page's languages; choosing one stores
 * it in the `lang` cookie (7 days, path /) and moves to the same page under that
 * locale's prefix. A full page load, so every string and date is rendered in the new
 * locale by the server.
 */
import { MenuTrigger } from 'react-aria-components'
import { siteConfig } from '../../../app.config'
import { browserCookies } from '../../lib/cookies'
import { localizePath } from '../../lib/url'
import { isLocale } from '../../lib/url'
import { m } from '../../paraglide/messages'
import { getLocale } from '../../paraglide/runtime'
import type { Language } from '../../content/model'
import { ChevronDownIcon, GlobeIcon } from '../icons'
import { Button } from '../ui/Button'
import { Menu, MenuItem } from '../ui/Menu'

export function storeLanguageChoice(locale: string) {
  const { name, maxAgeSeconds, path } = siteConfig.i18n.langCookie
  browserCookies.set(name, locale, { maxAgeSeconds, path })
}

export function LanguageSwitcher({ languages, tone = 'dark' }: { languages: Language[]; tone?: 'dark' | 'light' }) {
  const current = getLocale()
  const routed = languages.filter((language) => isLocale(language.locale))
  if (routed.length < 2) return null
  const active = routed.find((language) => language.locale === current)
  return (
    <MenuTrigger>
      <Button variant={tone === 'dark' ? 'inverse' : 'quiet'} className="text-sm" data-testid="language-button">
        <GlobeIcon size={18} />
        <span className="sr-only">{m.language_label()}: </span>
        <span>{active?.name ?? current.toUpperCase()}</span>
        <ChevronDownIcon size={16} />
      </Button>
      <Menu
        placement="bottom end"
        aria-label={m.language_label()}
        selectionMode="single"
        selectedKeys={[current]}
        onAction={(key) => {
          const target = routed.find((language) => language.locale === key)
          if (!target || !isLocale(target.locale) || target.locale === current) return
          storeLanguageChoice(target.locale)
          window.location.assign(localizePath(target.href, target.locale) + window.location.hash)
        }}
      >
        {routed.map((language) => (
          <MenuItem key={language.locale} id={language.locale} textValue={language.name}>
            <span lang={language.locale}>{language.name}</span>
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  )
}
