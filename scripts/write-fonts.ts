/**
 * Writes app/fonts/ (scripts/font-subsets.ts, docs/decisions/055) as the Vite plugin does, for
 * the checks that read the imports without Vite: `npm run check:imports` runs before the
 * build in `npm test`, and the root route imports the files.
 */
import { join } from 'node:path'
import { FONT_DIR, writeFontSubsets } from './font-subsets'

try {
  const wrote = await writeFontSubsets(join(import.meta.dirname, '..'))
  console.log(wrote ? `[fonts] wrote Inter's two parts per weight into ${FONT_DIR}/` : `[fonts] ${FONT_DIR}/ is up to date`)
} catch (error) {
  console.error('[fonts] could not write the font files:', error instanceof Error ? error.message : error)
  process.exit(1)
}
