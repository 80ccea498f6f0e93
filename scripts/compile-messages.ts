/**
 * Compiles the message catalogs (messages/*.json) into app/paraglide, as the Vite
 * plugin does, for the tools that run without Vite's plugin (Vitest, tsc).
 * Paraglide's compiler leaves timers behind; exit explicitly when done.
 */
import { compile } from '@inlang/paraglide-js'
import { paraglideOptions } from '../paraglide.options'

try {
  await compile(paraglideOptions)
  console.log('[messages] compiled into', paraglideOptions.outdir)
  process.exit(0)
} catch (error) {
  console.error('[messages] compile failed:', error instanceof Error ? error.message : error)
  process.exit(1)
}
