/**
 * The site joins class lists and never merges them (docs/decisions/065): when two classes
 * in one list set the same thing (`px-3` and `px-4`), the stylesheet's order picks one, not
 * the list's. This finds such pairs the way tailwind-merge reads a list, with the merge that
 * the browser no longer loads.
 */
import { twMerge } from 'tailwind-variants'

/** The classes of `classList` that a later class in it overrides: none in a list that is right. */
export function overriddenClasses(classList: string): string[] {
  const classes = [...new Set(classList.split(/\s+/).filter(Boolean))]
  const kept = new Set(twMerge(classes.join(' ')).split(' '))
  return classes.filter((name) => !kept.has(name))
}

/** One line for each list in `classLists` with an overridden class, naming it. */
export function classConflicts(classLists: Iterable<string>): string[] {
  const found: string[] = []
  for (const list of classLists) {
    const overridden = overriddenClasses(list)
    if (overridden.length > 0) found.push(`${overridden.join(' ')} overridden in "${list}"`)
  }
  return found
}
