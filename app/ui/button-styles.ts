/**
 * The button looks, as plain class names: shared by React Aria's Button (Button.tsx,
 * which adds its own focus ring on `isFocusVisible`) and the native buttons of the
 * first-load shell (PlainButton.tsx, whose ring is the stylesheet's `:focus-visible`).
 */
export const buttonBase =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-full font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-60 forced-colors:border forced-colors:border-[ButtonText]'

export const buttonVariants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900',
  accent: 'bg-accent text-slate-900 hover:bg-amber-400',
  secondary: 'border-2 border-link text-link hover:bg-tint',
  quiet: 'text-ink-soft hover:bg-surface-sunken hover:text-ink',
  icon: 'text-ink-soft hover:bg-surface-sunken hover:text-ink',
  inverse: 'text-slate-100 hover:bg-white/10',
  /** A top-level entry of the header's navigation that opens a menu: the look of its links. */
  nav: 'text-sm text-ink-soft hover:bg-surface-sunken hover:text-ink',
} as const

/**
 * Each variant's padding (the icon button's size). A button given its own `padding` has that
 * instead: class lists are joined, not merged, so two paddings would leave the stylesheet's
 * order to choose (docs/decisions/065).
 */
export const buttonPadding: Record<keyof typeof buttonVariants, string> = {
  primary: 'px-6 py-3',
  accent: 'px-6 py-3',
  secondary: 'px-6 py-2.5',
  quiet: 'px-3 py-2',
  icon: 'h-11 w-11',
  inverse: 'px-3 py-1.5',
  nav: 'px-4 py-2',
}

/** Header icon buttons give up 4 px each below 360 px (still 40 × 44 px targets), so four fit beside the name at 320 px (WCAG 1.4.10). */
export const narrowIcon = 'max-[359px]:w-10'

export type ButtonVariant = keyof typeof buttonVariants
