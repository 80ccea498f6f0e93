/**
 * `import data from 'some/file.wasm?base64'`: the file's bytes as a base64 string in the
 * built module. The social-image renderer (app/server/content/og-image/render.server.ts) carries
 * its WebAssembly and fonts this way, so the built server holds them on any host
 * (Node, Netlify, Vercel) without reading node_modules at run time. Vite's own `?inline`
 * does not apply to `.wasm` files.
 */
import { readFile } from 'node:fs/promises'
import type { Plugin } from 'vite'

const SUFFIX = '?base64'
const PREFIX = 'virtual:base64:'

export function base64Modules(): Plugin {
  return {
    name: 'base64-modules',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true })
      // A virtual id (not the file's own path): neither Vite nor Vitest may hand it to Node as a module.
      return resolved ? `${PREFIX}${resolved.id}${SUFFIX}` : null
    },
    async load(id) {
      if (!id.startsWith(PREFIX) || !id.endsWith(SUFFIX)) return null
      const file = id.slice(PREFIX.length, -SUFFIX.length)
      this.addWatchFile(file)
      return `export default ${JSON.stringify((await readFile(file)).toString('base64'))}`
    },
  }
}
