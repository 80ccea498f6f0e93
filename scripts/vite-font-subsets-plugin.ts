/**
 * Writes app/fonts/ (scripts/font-subsets.ts, docs/decisions/055-fonts-in-two-parts.md) before
 * Vite reads a stylesheet or resolves an import: app/styles.css imports app/fonts/inter.css,
 * and the root route preloads the first file of each weight. Dev, build and every build
 * environment run it; after the first it checks one stamp.
 */
import type { Plugin } from 'vite'
import { FONT_DIR, writeFontSubsets } from './font-subsets.ts'

export function fontSubsets(root: string): Plugin {
  let done: Promise<void> | undefined
  return {
    name: 'kestrel-font-subsets',
    config: () =>
      (done ??= writeFontSubsets(root).then((wrote) => {
        if (wrote) console.log(`[fonts] wrote Inter's two parts per weight into ${FONT_DIR}/`)
      })),
  }
}
