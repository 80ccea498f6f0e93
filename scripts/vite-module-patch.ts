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

export const browserModulePatch = (options: ModulePatch): Plugin => modulePatch(['client'], 'client', options)

/**
 * The server's: TanStack Start's `ssr` environment, and Nitro's `nitro`, which bundles the
 * dependencies the first leaves out into the server's output.
 */
export const serverModulePatch = (options: ModulePatch): Plugin => modulePatch(['ssr', 'nitro'], 'nitro', options)

/** `bundledIn`: the environment whose build must have patched the module, or the build stops (a package that moved its file). */
function modulePatch(environments: readonly string[], bundledIn: string, options: ModulePatch): Plugin {
  const { name, id, patch, apply } = options
  const patchedIn = new Set<string>()
  return {
    name,
    ...(apply ? { apply } : {}),
    applyToEnvironment: (environment) => environments.includes(environment.name),
    transform: {
      filter: { id },
      handler(code) {
        try {
          const patched = patch(code)
          patchedIn.add(this.environment.name)
          return { code: patched, map: null }
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error))
        }
      },
    },
    buildEnd(error) {
      if (error || this.environment.config.command !== 'build' || this.environment.name !== bundledIn) return
      if (!patchedIn.has(bundledIn))
        this.error(`${name}: no module matching ${String(id)} in the ${bundledIn} build, so nothing was patched`)
    },
  }
}
