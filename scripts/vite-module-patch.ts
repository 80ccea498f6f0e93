/**
 * A Vite plugin that rewrites one module of a package in the browser's build, or in the
 * server's: the project's small patches to a dependency (scripts/vite-react-aria-locale-plugin.ts,
 * scripts/vite-form-devtools-off-plugin.ts, scripts/vite-react-string-pieces-plugin.ts). `patch`
 * throws when the code it rewrites is no longer there, and the build stops with its message:
 * an upgrade that moves it is noticed, not shipped without the patch.
 */
import type { Plugin } from 'vite'

interface ModulePatch {
  name: string
  /** The module's file, by a pattern on its resolved path. */
  id: RegExp
  patch: (code: string) => string
  /** `build` for a patch development builds must not have. */
  apply?: 'build'
}

export const browserModulePatch = (options: ModulePatch): Plugin => modulePatch('client', options)

/**
 * The server's: Nitro's `nitro` environment, which bundles the server's dependencies into its
 * output (TanStack Start's `ssr` environment leaves them out).
 */
export const serverModulePatch = (options: ModulePatch): Plugin => modulePatch('nitro', options)

/** The build of `environmentName` stops when nothing in it matched `id` (a package that moved its file). */
function modulePatch(environmentName: string, options: ModulePatch): Plugin {
  const { name, id, patch, apply } = options
  let patched = false
  return {
    name,
    ...(apply ? { apply } : {}),
    applyToEnvironment: (environment) => environment.name === environmentName,
    transform: {
      filter: { id },
      handler(code) {
        try {
          const rewritten = patch(code)
          patched = true
          return { code: rewritten, map: null }
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error))
        }
      },
    },
    buildEnd(error) {
      if (error || this.environment.config.command !== 'build' || patched) return
      this.error(`${name}: no module matching ${String(id)} in the ${environmentName} build, so nothing was patched`)
    },
  }
}
