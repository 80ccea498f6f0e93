/**
 * The colour theme menu (requirements §11.4), loaded with the shared dropdown on the theme button's
 * first hover, focus or press: the choices, the current one checked, and storing a pick.
 */
import type { RefObject } from 'react'
import { isThemeChoice, readThemeChoice, storeThemeChoice, themeChoices, type ThemeChoice } from '../../../lib/theme'
import { m } from '../../../paraglide/messages'
import { MonitorIcon, MoonIcon, SunIcon } from '../../../ui/icons'
import MenuPopover from './menu-popover'

const icons = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const
const themeNames: Record<ThemeChoice, () => string> = { light: m.theme_light, dark: m.theme_dark, system: m.theme_system }

export interface ThemeMenuProps {
  triggerRef: RefObject<HTMLButtonElement | null>
  autoFocus: boolean | 'first' | 'last'
  onClose: () => void
  takeQueuedKeys: () => string[]
}

export default function ThemeMenu(props: ThemeMenuProps) {
  return (
    <MenuPopover
      {...props}
      label={m.theme_label()}
      placement="bottom end"
      selectedKey={readThemeChoice()}
      entries={themeChoices.map((choice) => {
        const Icon = icons[choice]
        return {
          id: choice,
          textValue: themeNames[choice](),
          label: (
            <>
              <Icon size={18} />
              {themeNames[choice]()}
            </>
          ),
        }
      })}
      onAction={(choice) => {
        if (isThemeChoice(choice)) storeThemeChoice(choice)
      }}
    />
  )
}
