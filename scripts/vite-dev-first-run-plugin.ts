/**
 * `npm run dev` on a fresh clone: the first request must find a working server entry.
 *
 * 1. Paraglide's own plugin compiles `app/paraglide/` in its `buildStart`, which the dev
 *    server does not await before Nitro's worker imports the server entry; on a fresh
 *    clone that import fails (`./paraglide/runtime` does not exist yet). So when the
 *    compiled messages are missing, they are compiled here, in the `config` hook, which
 *    Vite awaits before it creates anything.
 * 2. Nitro's worker keeps a failed entry import and answers every request with it until
 *    something it evaluated changes. A file that did not exist is not in its module graph,
 *    so its arrival never reaches the worker. So when a file is added under `app/` (a
 *    branch checkout, a generated file), the server environments drop their modules and
 *    import the entry again: a failed load is not kept once the missing file exists.
 *
 * `scripts/check-first-run.ts` (a step of `npm test`) runs both on a fresh clone.
 */
import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import { compile } from '@inlang/paraglide-js'
import type { Plugin, ViteDevServer } from 'vite'

type CompilerOptions = Parameters<typeof compile>[0]

/** Added files arrive in bursts (the message compiler writes one file per message): one reload per burst. */
const ADD_SETTLE_MS = 150
/** Files a module can import; an editor's swap and backup files are not, and must not reload the server. */
const IMPORTABLE = /\.(?:[cm]?[jt]sx?|json|css)$/

export function devFirstRun(options: { paraglide: CompilerOptions; sourceDir: string }): Plugin {
  let root = process.cwd()
  return {
    name: 'dev-first-run',
    apply: 'serve',
    async config(config) {
      root = config.root ?? root
      const runtime = join(root, options.paraglide.outdir, 'runtime.js')
      if (existsSync(runtime)) return
      const started = Date.now()
      await compile(options.paraglide)
      console.log(`[messages] compiled into ${options.paraglide.outdir} before the dev server starts (${Date.now() - started} ms)`)
    },
    configureServer(server) {
      const sourceDir = join(server.config.root, options.sourceDir) + sep
      let timer: NodeJS.Timeout | undefined
      server.watcher.on('add', (file) => {
        if (!file.startsWith(sourceDir) || !IMPORTABLE.test(file)) return
        clearTimeout(timer)
        timer = setTimeout(() => reloadServerEnvironments(server), ADD_SETTLE_MS)
      })
    },
  }
}

function reloadServerEnvironments(server: ViteDevServer): void {
  for (const environment of Object.values(server.environments)) {
    if (environment.config.consumer !== 'server') continue
    environment.moduleGraph.invalidateAll()
    environment.hot.send({ type: 'full-reload' })
  }
}
