/**
 * `npm run check:chunks` (after `npm run build`): every module of `app/` the browser loads is
 * in the chunk `scripts/chunks/expected.json` says, and no module is missing or new there;
 * and the browser's chunks carry React Aria's strings for the routed locales only (vite.config.ts,
 * docs/decisions/071).
 * The groups follow folders (scripts/chunks/groups.ts), so a file moved to another folder can
 * change what a first load carries; this check makes that a decision: look at the difference,
 * then `npm run check:chunks -- --update` and commit the file with the move.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { routedLocales } from '../../app/config/site.ts'
import { chunkMapFile, reactAriaStringLocale, stringLocalesFile } from './chunk-map-plugin.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const expectedFile = join(root, 'scripts/chunks/expected.json')

type ChunkMap = Record<string, string[]>

/** Module → chunk, from chunk → modules. */
export function byModule(map: ChunkMap): Map<string, string> {
  const modules = new Map<string, string>()
  for (const [chunk, paths] of Object.entries(map)) for (const path of paths) modules.set(path, chunk)
  return modules
}

/** The differences between what the build did and what was expected, one line each. */
export function differences(actual: ChunkMap, expected: ChunkMap): string[] {
  const now = byModule(actual)
  const before = byModule(expected)
  const lines: string[] = []
  for (const [path, chunk] of [...now].sort(([a], [b]) => a.localeCompare(b))) {
    const was = before.get(path)
    if (was === undefined) lines.push(`${path}: new, in chunk ${chunk}`)
    else if (was !== chunk) lines.push(`${path}: in chunk ${chunk}, expected ${was}`)
  }
  for (const [path, chunk] of [...before].sort(([a], [b]) => a.localeCompare(b)))
    if (!now.has(path)) lines.push(`${path}: expected in chunk ${chunk}, not in the browser's build`)
  return lines
}

const languageOf = (locale: string) => new Intl.Locale(locale).language

/** The locales among `carried` (React Aria's string modules in the build) whose language no routed locale has. */
export function unroutedStringLocales(carried: string[], routed: readonly string[]): string[] {
  const languages = new Set(routed.map(languageOf))
  return carried.filter((locale) => !languages.has(languageOf(locale)))
}

/** The routed languages React Aria has strings for (`published`, its locale modules) that the build does not carry. */
export function missingStringLanguages(carried: string[], routed: readonly string[], published: string[]): string[] {
  const have = new Set(carried.map(languageOf))
  const offered = new Set(published.map(languageOf))
  return [...new Set(routed.map(languageOf))].filter((language) => offered.has(language) && !have.has(language))
}

/** The locales React Aria publishes strings for: the file names of one of its parts' string modules. */
function publishedStringLocales(): string[] {
  const dir = join(root, 'node_modules/react-aria/dist/private/intl/datepicker')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .map((file) => reactAriaStringLocale(join(dir, file)))
    .filter((locale): locale is string => locale !== null)
}

/**
 * Exit code 1, with a line saying which, when the build carries React Aria's strings for a locale
 * the site never routes, or lacks them for a routed language React Aria has strings for.
 */
function checkStringLocales(): void {
  const file = stringLocalesFile(root)
  if (!existsSync(file)) {
    console.error('check:chunks: no list of React Aria string locales; run `npm run build` first.')
    process.exitCode = 1
    return
  }
  const carried = JSON.parse(readFileSync(file, 'utf8')) as string[]
  const extra = unroutedStringLocales(carried, routedLocales)
  const missing = missingStringLanguages(carried, routedLocales, publishedStringLocales())
  if (extra.length === 0 && missing.length === 0) {
    console.log(`check:chunks: React Aria's strings for the routed locales only (${routedLocales.join(', ')})`)
    return
  }
  if (extra.length > 0)
    console.error(
      `check:chunks: the browser's chunks carry React Aria's strings for ${extra.length} locale(s) the site does not route (${extra.join(', ')}): vite.config.ts's optimizeLocales should leave them out (docs/decisions/071).`,
    )
  if (missing.length > 0)
    console.error(
      `check:chunks: the browser's chunks lack React Aria's strings for the routed language(s) ${missing.join(', ')}: vite.config.ts's optimizeLocales must keep every routed locale (docs/decisions/071).`,
    )
  process.exitCode = 1
}

function main() {
  const file = chunkMapFile(root)
  if (!existsSync(file)) {
    console.error('check:chunks: no chunk map; run `npm run build` first.')
    process.exit(1)
  }
  const actual = JSON.parse(readFileSync(file, 'utf8')) as ChunkMap
  if (process.argv.includes('--update')) {
    writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`)
    console.log(
      `check:chunks: wrote scripts/chunks/expected.json (${byModule(actual).size} modules in ${Object.keys(actual).length} chunks)`,
    )
    return
  }
  checkStringLocales()
  const expected = existsSync(expectedFile) ? (JSON.parse(readFileSync(expectedFile, 'utf8')) as ChunkMap) : {}
  const lines = differences(actual, expected)
  if (lines.length === 0) {
    console.log(`check:chunks: ${byModule(actual).size} modules in ${Object.keys(actual).length} chunks, as expected`)
    return
  }
  console.error(`check:chunks: ${lines.length} module(s) not where scripts/chunks/expected.json says:`)
  for (const line of lines) console.error(`  - ${line}`)
  console.error('If the move is meant: npm run check:chunks -- --update, and commit scripts/chunks/expected.json with it.')
  process.exitCode = 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
