/**
 * Requirements §11.4: the colour theme menu in the header: light, dark, or the system's. A native
 * button in the first load (decision 009) opening React Aria's Menu with a single
 * selection (menuitemradio), loaded on the button's first hover, focus or press
 * (overlays/theme-menu.tsx). The page is the same for every visitor, so the server cannot
 * know the choice: the button renders all three icons and the stylesheet shows the one
 * `data-theme-choice` names (set by the head script before the first paint; no flash, no
 * layout shift). See docs/decisions/017-dark-theme-tokens.md.
 */
import { Suspense } from 'react'
import { themeChoices } from '../../lib/theme'
import { m } from '../../paraglide/messages'
import { MonitorIcon, MoonIcon, SunIcon } from '../../ui/icons'
import { lazyWithPreload } from '../../ui/lazy'
import { narrowIcon } from '../../ui/button-styles'
import { PlainButton } from '../../ui/PlainButton'
import { useMenuTrigger } from './use-menu-trigger'

const ThemeMenu = lazyWithPreload(() => import('./overlays/theme-menu'))

const icons = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const
const names = { light: m.theme_light, dark: m.theme_dark, system: m.theme_system } as const

export function ThemeSwitcher() {
  const menu = useMenuTrigger(ThemeMenu.preload)
  return (
    <>
      <PlainButton {...menu.triggerProps} variant="icon" className={narrowIcon} data-testid="theme-button">
        <span className="sr-only">{m.theme_label()}: </span>
        {themeChoices.map((choice) => {
          const Icon = icons[choice]
          return (
            <span key={choice} data-theme-icon={choice}>
              <Icon size={22} />
              <span className="sr-only">{names[choice]()}</span>
            </span>
          )
        })}
      </PlainButton>
      {menu.isOpen && (
        <Suspense fallback={null}>
          <ThemeMenu triggerRef={menu.triggerRef} autoFocus={menu.autoFocus} onClose={menu.close} takeQueuedKeys={menu.takeQueuedKeys} />
        </Suspense>
      )}
    </>
  )
}
