/**
 * Requirements §2 and §4: the language dropdown lists the page's languages; choosing one stores
 * it in the `lang` cookie (7 days, path /) and moves to the same page under that
 * locale's prefix. A full page load, so every string and date is rendered in the new
 * locale by the server.
 */
import { Suspense } from 'react'
import { siteConfig } from '../../config/site'
import type { Language } from '../../contract/model'
import { browserCookies } from '../../lib/cookies'
import { isLocale, localizePath } from '../../lib/url'
import { m } from '../../paraglide/messages'
import { getLocale } from '../../paraglide/runtime'
import { ChevronDownIcon, GlobeIcon } from '../../ui/icons'
import { lazyWithPreload } from '../../ui/lazy'
import { PlainButton } from '../../ui/PlainButton'
import { useMenuTrigger } from './use-menu-trigger'

const MenuPopover = lazyWithPreload(() => import('./overlays/menu-popover'))

function storeLanguageChoice(locale: string) {
  const { name, maxAgeSeconds, path } = siteConfig.i18n.langCookie
  browserCookies.set(name, locale, { maxAgeSeconds, path })
}

export function LanguageSwitcher({ languages, tone = 'dark' }: { languages: Language[]; tone?: 'dark' | 'light' }) {
  const current = getLocale()
  const menu = useMenuTrigger(MenuPopover.preload)
  const routed = languages.filter((language) => isLocale(language.locale))
  if (routed.length < 2) return null
  const active = routed.find((language) => language.locale === current)
  return (
    <>
      <PlainButton {...menu.triggerProps} variant={tone === 'dark' ? 'inverse' : 'quiet'} className="text-sm" data-testid="language-button">
        <GlobeIcon size={18} />
        <span className="sr-only">{m.language_label()}: </span>
        <span>{active?.name ?? current.toUpperCase()}</span>
        <ChevronDownIcon size={16} />
      </PlainButton>
      {menu.isOpen && (
        <Suspense fallback={null}>
          <MenuPopover
            triggerRef={menu.triggerRef}
            label={m.language_label()}
            placement="bottom end"
            autoFocus={menu.autoFocus}
            onClose={menu.close}
            takeQueuedKeys={menu.takeQueuedKeys}
            selectedKey={current}
            entries={routed.map((language) => ({
              id: language.locale,
              textValue: language.name,
              label: <span lang={language.locale}>{language.name}</span>,
            }))}
            onAction={(locale) => {
              const target = routed.find((language) => language.locale === locale)
              if (!target || !isLocale(target.locale) || target.locale === current) return
              storeLanguageChoice(target.locale)
              window.location.assign(localizePath(target.href, target.locale) + window.location.hash)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
