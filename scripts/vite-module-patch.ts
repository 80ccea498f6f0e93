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

export const browserModulePatch = (options: ModulePatch): Plugin => modulePatch(['client'], options)

/**
 * The server's: TanStack Start's `ssr` environment, and Nitro's `nitro`, which bundles the
 * dependencies the first leaves out into the server's output.
 */
export const serverModulePatch = (options: ModulePatch): Plugin => modulePatch(['ssr', 'nitro'], options)

function modulePatch(environments: readonly string[], options: ModulePatch): Plugin {
  const { name, id, patch, apply } = options
  return {
    name,
    ...(apply ? { apply } : {}),
    applyToEnvironment: (environment) => environments.includes(environment.name),
    transform: {
      filter: { id },
      handler(code) {
        try {
          return { code: patch(code), map: null }
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error))
        }
      },
    },
  }
}
