/**
 * `npm run check:imports`: the import rules of docs/architecture.md ("What may import what").
 *
 * 1. dependency-cruiser (`.dependency-cruiser.cjs`): the layers, each importing only those
 *    below it; the server's rooms in their order; no import cycle among files; no import
 *    that resolves to nothing.
 * 2. Folders: no cycle between two folders (`unitOf`: the layers under `app/`, the rooms of
 *    `app/server/`, `cms/`), type-only imports included: one folder's files import
 *    another's, which import back, over any path. The layer rules forbid the direct edges;
 *    this catches the long way round (through a server function, say).
 * 3. The browser: what it loads is every file reachable from `app/router.tsx` and the
 *    route files (not `-`-prefixed) over `runtime` edges (scripts/imports/graph.ts), static
 *    and dynamic; code the TanStack Start compiler strips (a route's `server: { handlers }`,
 *    the bodies of server functions in `*.functions.ts`) is not followed. No file the
 *    browser loads may be a `*.server.*` file or under `cms/`, or import a Node built-in or
 *    `@tanstack/react-start/server`. dependency-cruiser cannot see the stripped code, and
 *    TanStack Start's import protection (vite.config.ts) says the same only after a build:
 *    this check runs without one, in a second.
 *
 * Every violation is printed; any violation exits 1. `npm run check:imports -- --browser`
 * lists what the browser loads.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix, resolve as resolvePath } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildGraph, isRouteFile, isServerOnlyFile, serverOnlySpecifiers, type Edge, type Graph, type Violation } from './imports/graph'

export { buildGraph, type Violation }

const describeEdge = (edge: Edge) =>
  `${edge.from}:${edge.line} ${edge.dynamic ? 'import(' : 'imports '}'${edge.specifier}'${edge.dynamic ? ')' : ''}${edge.target === 'file' && edge.to !== edge.specifier ? ` (${edge.to})` : ''}${edge.kind === 'type' ? ' [type only]' : ''}`

/** The files the browser loads , with the violations met on the way. */
export function browserFiles(graph: Graph): { files: string[]; violations: Violation[] } {
  const roots = graph.files.filter((file) => file === 'app/router.tsx' || isRouteFile(file))
  const parent = new Map<string, Edge | null>(roots.map((root) => [root, null]))
  const queue = [...roots]
  const out = new Map<string, Edge[]>()
  for (const edge of graph.edges) {
    const list = out.get(edge.from)
    if (list) list.push(edge)
    else out.set(edge.from, [edge])
  }
  const chain = (file: string): string => {
    const steps: string[] = []
    for (let edge = parent.get(file); edge; edge = parent.get(edge.from))
      steps.unshift(`${edge.from}:${edge.line}${edge.dynamic ? ' (dynamic)' : ''}`)
    return steps.length > 0 ? `${steps.join(' → ')} → ` : ''
  }
  const violations: Violation[] = []
  while (queue.length > 0) {
    const file = queue.shift()
    if (file === undefined) break
    for (const edge of out.get(file) ?? []) {
      if (edge.kind !== 'runtime') continue
      const forbiddenSpecifier = edge.target === 'builtin' || serverOnlySpecifiers.has(edge.specifier)
      const forbiddenFile = edge.target === 'file' && (isServerOnlyFile(edge.to) || edge.to.startsWith('cms/'))
      if (forbiddenSpecifier || forbiddenFile) {
        const what =
          edge.target === 'builtin'
            ? 'a Node built-in'
            : forbiddenSpecifier
              ? 'a server-only module'
              : edge.to.startsWith('cms/')
                ? 'cms/'
                : 'a *.server file'
        violations.push({ rule: 'browser', message: `the browser loads ${what}: ${chain(file)}${describeEdge(edge)}` })
        continue
      }
      if (edge.target === 'file' && !parent.has(edge.to)) {
        parent.set(edge.to, edge)
        queue.push(edge.to)
      }
    }
  }
  return { files: [...parent.keys()].sort(), violations }
}

/**
 * The unit of the folder rule: a folder directly under `app/` (the layers), a room of
 * `app/server/`, or `cms/`; a file directly in `app/` or `app/server/` (the entry, the router,
 * the content requests, the environment) stands for itself.
 */
export function unitOf(file: string): string {
  const parts = file.split('/')
  if (parts[0] === 'app' && parts[1] === 'server' && parts.length > 3) return parts.slice(0, 3).join('/')
  if (parts[0] === 'app' && parts.length > 2 && parts[1] !== 'server') return parts.slice(0, 2).join('/')
  if (parts[0] === 'cms') return 'cms'
  return file
}

/** Cycles between units (unitOf): two that reach each other, whatever the files on the way. */
export function folderCycles(graph: Graph): Violation[] {
  const folderOf = unitOf
  const files = new Set(graph.files)
  const next = new Map<string, Map<string, Edge>>()
  for (const edge of graph.edges) {
    if (edge.target !== 'file' || !files.has(edge.to)) continue
    const from = folderOf(edge.from)
    const to = folderOf(edge.to)
    if (from === to) continue
    const targets = next.get(from) ?? new Map<string, Edge>()
    if (!targets.has(to)) targets.set(to, edge)
    next.set(from, targets)
  }
  const reaches = (from: string, to: string): Edge[] | null => {
    const parent = new Map<string, Edge | null>([[from, null]])
    const queue = [from]
    while (queue.length > 0) {
      const folder = queue.shift() as string
      for (const [target, edge] of next.get(folder) ?? []) {
        if (parent.has(target)) continue
        parent.set(target, edge)
        if (target === to) {
          const path: Edge[] = []
          for (let step = parent.get(to); step; step = parent.get(folderOf(step.from))) path.unshift(step)
          return path
        }
        queue.push(target)
      }
    }
    return null
  }
  const violations: Violation[] = []
  const reported = new Set<string>()
  for (const [from, targets] of [...next].sort(([x], [y]) => x.localeCompare(y))) {
    for (const [to, edge] of targets) {
      const back = reaches(to, from)
      const key = [from, to].sort().join(' ')
      if (!back || reported.has(key)) continue
      reported.add(key)
      const steps = [edge, ...back].map(describeEdge)
      violations.push({ rule: 'folders', message: `${from} and ${to} import each other: ${steps.join(' → ')}` })
    }
  }
  return violations
}

export function checkGraph(graph: Graph): Violation[] {
  return [...graph.problems, ...browserFiles(graph).violations, ...folderCycles(graph)]
}

/** dependency-cruiser's verdict, as its own report; false when it found a violation. */
function dependencyCruiser(root: string): boolean {
  try {
    const out = execFileSync('npx', ['depcruise', 'app', 'cms', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    console.log(`dependency-cruiser: ${/(no dependency violations[^\n]*)/.exec(out)?.[1] ?? out.trim()}`)
    return true
  } catch (error) {
    const { stdout } = error as { stdout?: string }
    console.error(stdout?.trim() || String(error))
    return false
  }
}

/* ------------------------------------------------------------------ command line */

const ruleTitles: Record<Violation['rule'], string> = {
  parse: 'files that do not parse',
  unresolved: 'imports that resolve to no file',
  browser: 'nothing the browser loads imports *.server.*, cms/ or Node built-ins',
  folders: 'no two folders (layers, rooms of app/server/) import each other',
}

function listFiles(root: string): string[] {
  const files: string[] = ['tailwind.config.ts']
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = posix.join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else files.push(path)
    }
  }
  walk('app')
  walk('cms')
  return files
}

function main() {
  const started = performance.now()
  const root = fileURLToPath(new URL('..', import.meta.url))
  const graph = buildGraph(listFiles(root), (path) => readFileSync(join(root, ...path.split('/')), 'utf8'))
  if (process.argv.includes('--browser')) {
    console.log(browserFiles(graph).files.join('\n'))
    return
  }
  const cruised = dependencyCruiser(root)
  const violations = checkGraph(graph)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const summary = `${graph.files.length} files, ${graph.edges.length} imports, ${seconds} s`
  if (violations.length === 0) {
    console.log(`check:imports: no folder cycles, nothing server-only in the browser (${summary})`)
    if (!cruised) process.exitCode = 1
    return
  }
  for (const rule of Object.keys(ruleTitles) as Array<Violation['rule']>) {
    const list = violations.filter((violation) => violation.rule === rule)
    if (list.length === 0) continue
    console.error(`\n${ruleTitles[rule]}: ${list.length}`)
    for (const violation of list) console.error(`  - ${violation.message}`)
  }
  console.error(
    `\ncheck:imports: ${violations.length} violation${violations.length === 1 ? '' : 's'} (${summary}); the rules are in scripts/check-imports.ts`,
  )
  process.exitCode = 1
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolvePath(process.argv[1])).href) main()
