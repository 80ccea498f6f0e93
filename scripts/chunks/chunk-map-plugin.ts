/**
 * Writes which of the repository's modules each browser chunk holds, after the client build,
 * to `.cache/build/chunk-map.json` (chunk name without its hash → repository paths), and the
 * locales whose React Aria strings the browser's chunks carry to
 * `.cache/build/react-aria-string-locales.json`, for `npm run check:chunks`
 * (scripts/chunks/check.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { repositoryPath } from './groups.ts'

export const chunkMapFile = (root: string) => join(root, '.cache/build/chunk-map.json')
export const stringLocalesFile = (root: string) => join(root, '.cache/build/react-aria-string-locales.json')

/** React Aria keeps each locale's strings in a module of its own: `…/react-aria/dist/private/intl/datepicker/ar-AE.mjs` → `ar-AE`. */
export function reactAriaStringLocale(id: string): string | null {
  return /[\\/]react-aria[\\/]dist[\\/]private[\\/]intl[\\/][\w-]+[\\/]([a-z]{2,3}-[A-Z]{2})\.mjs$/.exec(id)?.[1] ?? null
}

export function chunkMap(root: string): Plugin {
  return {
    name: 'kestrel-chunk-map',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {}
      const stringLocales = new Set<string>()
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        for (const [id, module] of Object.entries(output.modules)) {
          const locale = module.renderedLength > 0 ? reactAriaStringLocale(id) : null
          if (locale) stringLocales.add(locale)
        }
        // A module the build shook down to nothing (server-only code behind `import.meta.env.SSR`) is not in the chunk.
        const paths = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => repositoryPath(id, root))
          .filter((path): path is string => path !== null && (path.startsWith('app/') || path.startsWith('cms/')))
        if (paths.length === 0) continue
        // `assets/shell-AbC123.js` → `shell`; an entry or a lazy module's chunk is named after it.
        const name = output.fileName.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '')
        map[name] = [...new Set([...(map[name] ?? []), ...paths])].sort()
      }
      const file = chunkMapFile(root)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, `${JSON.stringify(map, null, 2)}\n`)
      writeFileSync(stringLocalesFile(root), `${JSON.stringify([...stringLocales].sort())}\n`)
    },
  }
}
