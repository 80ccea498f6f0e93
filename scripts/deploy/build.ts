/**
 * `npm run build:netlify` and `npm run build:vercel` (docs/deploy.md): `vite build` for the
 * platform (DEPLOY_TARGET, scripts/deploy/targets.ts), the prerender step where the platform
 * serves the pages as static files (Vercel; see decision 015 for Netlify), and the
 * platform's generated header and routing configuration (platform-output.ts).
 * `SKIP_PRERENDER=1` skips prerendering, as for `npm run build`.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { deployTarget } from './targets'

const root = resolve(import.meta.dirname, '../..')
const target = deployTarget(process.argv[2])
if (target === 'node') {
  console.error('build: the Node server is `npm run build`.')
  process.exit(2)
}
const env = { ...process.env, DEPLOY_TARGET: target }

function run(label: string, command: string, args: string[]) {
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`\nbuild:${target}: ${label} failed (exit ${result.status ?? result.signal}).\n`)
    process.exit(result.status ?? 1)
  }
  console.log(`build:${target}: ${label} done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

const tsx = (script: string, ...args: string[]): [string, string[]] => [
  process.execPath,
  ['--import', 'tsx', resolve(root, script), ...args],
]
run('vite build', process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build'])
if (target === 'vercel') run('prerender', ...tsx('scripts/prerender.ts'))
run('platform configuration', ...tsx('scripts/deploy/platform-output.ts', target))
