/**
 * Every state of every style is a class list in which no class overrides another
 * (docs/decisions/065): the browser joins them without a merge, so a conflict would be left
 * to the stylesheet's order. Each style module here exports its `tv` styles so that this
 * test finds them; a style added without an export is not checked.
 */
import { describe, expect, it } from 'vitest'
import { classConflicts, overriddenClasses } from '../../../tests/support/class-conflicts'
import { buttonBase, buttonPadding, buttonVariants } from '../button-styles'
import { buttonStyles } from './Button'

interface Style {
  (props?: Record<string, unknown>): string
  variants?: Record<string, Record<string, unknown>>
  extend?: Style
  variantKeys?: string[]
}

const isStyle = (value: unknown): value is Style =>
  typeof value === 'function' && Array.isArray((value as Style).variantKeys) && 'base' in value

/** Each variant's possible values, its own and those of the styles it extends. */
function variantValues(style: Style): Map<string, unknown[]> {
  const values = new Map<string, unknown[]>()
  for (let level: Style | undefined = style; level; level = level.extend) {
    for (const [key, options] of Object.entries(level.variants ?? {})) {
      const keys = Object.keys(options)
      // A boolean variant's `false` also stands for the prop not given.
      const own = keys.every((option) => option === 'true' || option === 'false') ? [false, true] : keys
      values.set(key, [...new Set([...(values.get(key) ?? []), ...own])])
    }
  }
  return values
}

function* combinations(values: Map<string, unknown[]>): Generator<Record<string, unknown>> {
  const entries = [...values]
  const at = (index: number, props: Record<string, unknown>): Record<string, unknown>[] => {
    const entry = entries[index]
    if (!entry) return [props]
    const [key, options] = entry
    return options.flatMap((option) => at(index + 1, { ...props, [key]: option }))
  }
  yield* at(0, {})
}

const modules = import.meta.glob<Record<string, unknown>>(['./*.tsx', './utils.ts'], { eager: true })
const styles = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, Style] => isStyle(entry[1]))
    .map(([name, style]) => ({ name: `${file.slice(2)} ${name}`, style })),
)

describe('class lists without a merge', () => {
  it('the check finds a class that another overrides, and passes one that refines', () => {
    expect(overriddenClasses('px-3 py-2 px-4')).toEqual(['px-3'])
    expect(overriddenClasses('border-2 border-control border-danger')).toEqual(['border-control'])
    expect(overriddenClasses('p-4 pt-20 text-sm font-bold')).toEqual([])
    expect(overriddenClasses('bg-surface read-only:bg-surface-sunken hover:bg-tint')).toEqual([])
  })

  it('finds the styles of every module', () => {
    expect(styles.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['Field.tsx fieldBoxStyles', 'Menu.tsx itemStyles', 'utils.ts focusRing', 'DatePicker.tsx cellStyles']),
    )
    expect(styles.length).toBeGreaterThanOrEqual(20)
  })

  it.each(styles)('$name: no class overrides another, in any state', ({ style }) => {
    const lists = [...combinations(variantValues(style))].map((props) => style(props))
    expect(lists.length).toBeGreaterThan(0)
    expect(classConflicts(lists)).toEqual([])
  })

  it.each(Object.keys(buttonVariants) as (keyof typeof buttonVariants)[])(
    'the %s button, native and React Aria, with its padding: no class overrides another',
    (variant) => {
      const lists = [
        `${buttonBase} ${buttonVariants[variant]} ${buttonPadding[variant]}`,
        ...[false, true].map((isFocusVisible) => buttonStyles({ variant, isFocusVisible, className: buttonPadding[variant] })),
      ]
      expect(classConflicts(lists)).toEqual([])
    },
  )
})
