import { useLocation } from '@tanstack/react-router'
import { isManagedItSupportPath, stripLocale } from '../../lib/url'
import { m } from '../../paraglide/messages'
import type { Language, SiteOptions } from '../../contract/model'
import { HeadsetIcon, PhoneIcon } from '../../ui/icons'
import { PlainButton } from '../../ui/PlainButton'
import { LanguageSwitcher } from './language-switcher'
import { useShell } from '../../ui/shell-state'
import { preloadSupport } from './support-modal'

/**
 * Requirements §2: the top bar with the language dropdown and support links. The support links
 * open the support modal; they are hidden on landing pages whose path contains the
 * managed IT support segment.
 */
export function TopBar({ languages, options }: { languages: Language[]; options: SiteOptions }) {
  const { setSupportOpen } = useShell()
  const pathname = useLocation({ select: (location) => location.pathname })
  const showSupport = !isManagedItSupportPath(stripLocale(pathname).path)
  return (
    <div className="bg-chrome text-slate-100">
      <div className="mx-auto flex min-h-11 max-w-site items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-1" data-testid="support-links">
          {showSupport && (
            <>
              <PlainButton
                variant="inverse"
                aria-haspopup="dialog"
                onPointerEnter={preloadSupport}
                onFocus={preloadSupport}
                onClick={() => setSupportOpen(true)}
                className="text-sm"
              >
                <HeadsetIcon size={18} />
                {m.top_bar_support()}
              </PlainButton>
              {options.phone && (
                <a
                  href={`tel:${options.phone.replace(/[^+\d]/g, '')}`}
                  className="hidden items-center gap-2 rounded-full px-3 py-1.5 text-sm font-bold hover:bg-white/10 sm:inline-flex"
                >
                  <PhoneIcon size={16} />
                  {options.phone}
                </a>
              )}
            </>
          )}
        </div>
        <LanguageSwitcher languages={languages} />
      </div>
    </div>
  )
}
