/**
 * A published module of a dependency, run from a copy: as published and as the build rewrites
 * it (the browser build's patches, scripts/vite-module-patch.ts), side by side. The copy's
 * imports are pointed back at the files the original imports, so it runs the same code.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export function moduleCopies(prefix: string) {
  const folder = mkdtempSync(path.join(tmpdir(), `${prefix}-`))
  return {
    /** `code` written as `name`.mjs and imported; `imports` maps each specifier it imports to the file it stands for. */
    async load<T>(code: string, name: string, imports: Record<string, string>): Promise<T> {
      let copy = code.replace(/^\/\/# sourceMappingURL=.*$/m, '')
      for (const [specifier, file] of Object.entries(imports))
        copy = copy.replaceAll(`from "${specifier}"`, `from "${pathToFileURL(file).href}"`)
      const file = path.join(folder, `${name}.mjs`)
      writeFileSync(file, copy)
      return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  }
}
