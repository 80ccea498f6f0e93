/**
 * The repository stands on its own (CONTRIBUTING.md): every path a comment or a document
 * names exists in it, every "requirements §N" names a section of docs/requirements.md,
 * and nothing points to a document outside it (a specification, design or style file
 * beside the checkout, or an issue tracker's numbers), which someone who clones the
 * repository does not have.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter(Boolean)

/** Not read: dependencies, the lockfile, generated files, the demo content (data, not prose), binaries. */
const skipped = [
  /^node_modules\//,
  /(^|\/)package-lock\.json$/,
  /^app\/routeTree\.gen\.ts$/,
  /^docs\/content-api\.schema\.json$/,
  /^content\//,
  /(^|\/)LICENSE$/,
  /\.(png|jpe?g|gif|webp|avif|ico|svg|woff2?|ttf|otf|pdf|docx?|zip|gz|br|mo|pot?)$/i,
]
const files = tracked.filter((file) => !skipped.some((pattern) => pattern.test(file)))

/** Paths that are not in git because a command writes them; naming them is fine. */
const generated = [
  'app/paraglide', // npm run messages
  'app/routeTree.gen.ts', // the router plugin, at build or dev start
  'app/fonts', // scripts/font-subsets.ts, at build or dev start
  'app/first-run-probe.ts', // written by scripts/check-first-run.ts into its clone
]

/** Files whose paths are fixtures (a made-up import graph; this test's own lists), not references. */
const fixturePaths = ['tests/unit/check-imports.test.ts', 'tests/unit/doc-references.test.ts']

const trackedSet = new Set(tracked)
const trackedDirs = new Set(
  tracked.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
)

/** A file or folder of the repository; a module path may leave out its extension, as imports do. */
function exists(path: string): boolean {
  const clean = path.replace(/\/+$/, '')
  // `docs/decisions/018` is decision 018, whatever its title.
  const record = /^docs\/decisions\/(\d{3})$/.exec(clean)
  if (record) return tracked.some((file) => file.startsWith(`docs/decisions/${record[1]}-`) && file.endsWith('.md'))
  if (generated.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`))) return true
  return (
    [clean, `${clean}.ts`, `${clean}.tsx`, `${clean}.md`, `${clean}.php`].some((candidate) => trackedSet.has(candidate)) ||
    trackedDirs.has(clean)
  )
}

/**
 * A path from the repository's root as prose and comments write it: `docs/…`, `app/…`,
 * `scripts/…`, `tests/…`, `cms/…`, `wordpress/…`. Not one inside another path or a URL
 * (`../app/x`, `https://…/docs/…`), which the character before it rules out.
 */
const rootPath = /(?<![\w./@:~-])((?:docs|app|scripts|tests|cms|wordpress)\/[\w./\-$[\]]*)/g

/** Names a set of files, not one: a glob, a placeholder or an interpolation. */
const isPattern = (path: string) => /[*{}<>…]|NNN|\$\{/.test(path)

interface Finding {
  where: string
  text: string
}

function pathReferences(file: string, text: string): Finding[] {
  if (fixturePaths.includes(file)) return []
  const found: Finding[] = []
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`
    for (const match of line.matchAll(rootPath)) {
      const start = match.index ?? 0
      const rest = line.slice(start)
      if (isPattern(rest.split(/[\s'"`(),]/)[0] ?? '')) continue
      const path = (match[1] ?? '').replace(/[.:;,)\]]+$/, '')
      if (!path.includes('/') || path.endsWith('/.')) continue
      if (!exists(path)) found.push({ where, text: path })
    }
    if (file.endsWith('.md')) {
      for (const link of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (link[1] ?? '').split('#')[0] ?? ''
        if (!target || /^[a-z][a-z+.-]*:/i.test(target) || isPattern(target)) continue
        const resolved = normalize(join(dirname(file), decodeURIComponent(target)))
        if (!exists(resolved)) found.push({ where, text: `link ${target}` })
      }
    }
  })
  return found
}

/** The numbered sections of docs/requirements.md ("## 2. …", "### 2.4 …"). */
const sections = new Set(
  [...readFileSync('docs/requirements.md', 'utf8').matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((match) => match[1] ?? ''),
)

function sectionReferences(file: string, text: string): Finding[] {
  const found: Finding[] = []
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/[Rr]equirements\s+((?:§\d+(?:\.\d+)?(?:,?\s*(?:and\s+)?)?)+)/g)) {
      for (const section of (match[1] ?? '').matchAll(/§(\d+(?:\.\d+)?)/g)) {
        if (!sections.has(section[1] ?? '')) found.push({ where: `${file}:${index + 1}`, text: `requirements §${section[1]}` })
      }
    }
  })
  return found
}

/** References to what is not in the repository. */
const outside: [RegExp, string][] = [
  [/\.\.\/shared(?![\w-])/, 'a file beside the checkout (../shared)'],
  [/\bSPEC\b/, 'the specification outside the repository (SPEC); cite docs/requirements.md'],
  [/\bDESIGN\.md\b/, 'DESIGN.md; cite docs/architecture.md or docs/requirements.md §10'],
  [/\bSTYLE\.md\b/, 'STYLE.md; cite CONTRIBUTING.md, How the code reads'],
  [/\b[Ii]ssues?[ -]#?\d+/, 'an issue number of a tracker that is not in the repository'],
]

/**
 * The one place that must name the folder beside the checkout: CI's entry point, which
 * points the WordPress harness at the release archives CI's machines keep there.
 */
const outsideAllowed = new Set(['.ci/run'])

const self = 'tests/unit/doc-references.test.ts'

function outsideReferences(file: string, text: string): Finding[] {
  if (file === self || outsideAllowed.has(file)) return []
  const found: Finding[] = []
  text.split('\n').forEach((line, index) => {
    for (const [pattern, what] of outside) if (pattern.test(line)) found.push({ where: `${file}:${index + 1}`, text: what })
  })
  return found
}

const texts = files.flatMap((file) => {
  const buffer = readFileSync(file)
  return buffer.includes(0) ? [] : [{ file, text: buffer.toString('utf8') }]
})

const report = (findings: Finding[]) => findings.map(({ where, text }) => `${where}: ${text}`)

describe('references in comments and documents', () => {
  it('reads the tracked text files', () => {
    expect(texts.length).toBeGreaterThan(100)
    expect(sections.has('10.2')).toBe(true)
  })

  it('name only paths that exist in the repository', () => {
    expect(report(texts.flatMap(({ file, text }) => pathReferences(file, text)))).toEqual([])
  })

  it('cite only sections that docs/requirements.md has', () => {
    expect(report(texts.flatMap(({ file, text }) => sectionReferences(file, text)))).toEqual([])
  })

  it('point to nothing outside the repository', () => {
    expect(report(texts.flatMap(({ file, text }) => outsideReferences(file, text)))).toEqual([])
  })
})
