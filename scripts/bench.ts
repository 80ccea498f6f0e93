/**
 * `npm run bench`: the production build measured on this machine, by a server the script
 * starts and stops itself (`npm run build` first). Three parts:
 *
 * - load (scripts/bench/load.ts): req/s, p50 and p99 of a prerendered page, an HTML-cache
 *   hit, misses (against the baseline build: scripts/bench/baseline.ts) and a hashed asset,
 *   nginx and Node as the ceilings, and the server's memory;
 * - lighthouse (scripts/bench/lighthouse.ts): mobile and desktop performance, CLS, and
 *   the bundle sizes;
 * - interaction (scripts/bench/interaction.ts): on a phone's CPU, how soon a form far down
 *   a page is usable once scrolled into view, and the latency of a scripted visit's
 *   interactions (menu, search, popup, a multi-step form).
 *
 * `npm run bench -- load` (or `lighthouse`, `interaction`) runs one part;
 * `--duration=N` sets the seconds per load measurement (default 10). Reports go to
 * `.cache/bench/`. Exits 1 when a target is missed or a run fails.
 */
import { runInteractionBench } from './bench/interaction'
import { runLighthouseBench } from './bench/lighthouse'
import { runLoadBench } from './bench/load'
import { requireBuild } from './bench/server'

const args = process.argv.slice(2)
const parts = args.filter((arg) => !arg.startsWith('--'))
const PARTS = ['load', 'lighthouse', 'interaction'] as const
type Part = (typeof PARTS)[number]
const unknown = parts.filter((part) => !(PARTS as readonly string[]).includes(part))
const durationArg = args.find((arg) => arg.startsWith('--duration='))
const durationSeconds = durationArg ? Number(durationArg.slice('--duration='.length)) : 10
if (unknown.length > 0 || !Number.isInteger(durationSeconds) || durationSeconds < 1) {
  console.error('usage: npm run bench [-- load|lighthouse|interaction] [--duration=SECONDS]')
  process.exit(2)
}
const run = (part: Part) => parts.length === 0 || parts.includes(part)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // The servers, nginx and Chromium are stopped by the exit handlers of the modules that started them.
  process.on(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143))
}

async function main() {
  requireBuild()
  let status = 0
  if (run('load')) status = Math.max(status, await runLoadBench({ durationSeconds }))
  if (run('lighthouse')) status = Math.max(status, await runLighthouseBench())
  if (run('interaction')) status = Math.max(status, await runInteractionBench())
  return status
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(`\nbench: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
