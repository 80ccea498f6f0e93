import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { buildGraph, checkGraph, unitOf, type Violation } from '../../scripts/check-imports'

/** Runs the check over a small tree given as path → source (files not ending in .ts/.tsx are leaves). */
function check(tree: Record<string, string>): Violation[] {
  return checkGraph(buildGraph(Object.keys(tree), (path) => tree[path] ?? ''))
}
const rules = (violations: Violation[]) => violations.map((violation) => violation.rule)

/**
 * The layer and cycle rules are dependency-cruiser's (.dependency-cruiser.cjs): each test
 * writes a small tree to a temporary folder and runs depcruise over it with the project's
 * own configuration, so a rule that stops firing fails here.
 */
function cruise(tree: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'depcruise-'))
  try {
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, jsx: 'react-jsx' } }))
    for (const [path, source] of Object.entries(tree)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), source)
    }
    const roots = ['app', 'cms'].filter((root) => existsSync(join(dir, root)))
    const result = spawnSync(
      join(repo, 'node_modules/.bin/depcruise'),
      [...roots, '--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'json'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    )
    const report = JSON.parse(result.stdout) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } }
    return report.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`).sort()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
const repo = join(import.meta.dirname, '../..')

describe('check:imports, the layers (dependency-cruiser)', () => {
  it('the contract imports neither the site nor the CMS, type-only imports included', () => {
    expect(
      cruise({
        'app/contract/model.ts': `import type { X } from '../server/content/x.server'\nimport { y } from '../components/y'\nexport type M = X\nexport const z = y`,
        'app/server/content/x.server.ts': 'export type X = 1',
        'app/components/y.ts': 'export const y = 1',
      }),
    ).toEqual([
      'contract-imports-only-lib: app/contract/model.ts → app/components/y.ts',
      'contract-imports-only-lib: app/contract/model.ts → app/server/content/x.server.ts',
    ])
  })

  it('the CMS speaks only the contract; primitives sit below sections, sections below screens', () => {
    expect(
      cruise({
        'cms/index.ts': `import { s } from '../app/sections/s'\nimport { w } from '../app/contract/wire'\nexport const c = [s, w]`,
        'app/sections/s.tsx': `import { Shell } from '../components/shell'\nimport { Button } from '../ui/button'\nexport const s = [Shell, Button]`,
        'app/components/shell.tsx': 'export const Shell = 1',
        'app/ui/button.tsx': `import { form } from '../forms/form'\nexport const Button = form`,
        'app/forms/form.tsx': 'export const form = 1',
        'app/contract/wire.ts': 'export const w = 1',
      }),
    ).toEqual([
      'cms-speaks-only-the-contract: cms/index.ts → app/sections/s.tsx',
      'sections-and-forms-below-screens: app/sections/s.tsx → app/components/shell.tsx',
      'ui-below-sections-and-forms: app/ui/button.tsx → app/forms/form.tsx',
    ])
  })

  it('sections and forms may call server functions, not other server code; the rooms keep their order', () => {
    expect(
      cruise({
        'app/forms/form.tsx': `import { send } from '../server/enquiries/forms.functions'\nimport { db } from '../server/db/site-db.server'\nexport const f = [send, db]`,
        'app/server/enquiries/forms.functions.ts': 'export const send = 1',
        'app/server/db/site-db.server.ts': 'export const db = 1',
        'app/server/content/source.server.ts': `import { purge } from '../page-cache/purge.server'\nexport const s = purge`,
        'app/server/page-cache/purge.server.ts': 'export const purge = 1',
      }),
    ).toEqual([
      'content-below-enquiries: app/server/content/source.server.ts → app/server/page-cache/purge.server.ts',
      'sections-and-forms-below-screens: app/forms/form.tsx → app/server/db/site-db.server.ts',
    ])
  })

  it('the settings: app/config/ is the floor, its site.ts imports nothing, the server and the CMS keep their own', () => {
    expect(
      cruise({
        'app/config/site.ts': `import type { Env } from './env'\nexport type S = Env`,
        'app/config/env.ts': `import { c } from '../contract/c'\nexport const parseEnv = c\nexport type Env = 1`,
        'app/contract/c.ts': `import { cmsConfig } from '../../cms/config'\nexport const c = cmsConfig`,
        'app/lib/x.ts': `import { parseEnv } from '../config/env'\nexport const x = parseEnv`,
        'app/ui/t.ts': `import type { Env } from '../config/env'\nexport type T = Env`,
        'cms/config.ts': 'export const cmsConfig = 1',
        'cms/index.ts': `import { abuseConfig } from '../app/server/config.server'\nexport const i = abuseConfig`,
        'app/server/config.server.ts': 'export const abuseConfig = 1',
        'app/server/http/abuse.server.ts': `import { abuseConfig } from '../config.server'\nimport { parseEnv } from '../../config/env'\nimport { cmsConfig } from '../../../cms/config'\nexport const a = [abuseConfig, parseEnv, cmsConfig]`,
      }),
    ).toEqual([
      'cms-config-is-the-cms: app/contract/c.ts → cms/config.ts',
      'cms-speaks-only-the-contract: cms/index.ts → app/server/config.server.ts',
      'config-imports-nothing-of-the-site: app/config/env.ts → app/contract/c.ts',
      'contract-imports-only-lib: app/contract/c.ts → cms/config.ts',
      'env-schema-is-not-the-browsers: app/lib/x.ts → app/config/env.ts',
      'server-config-is-the-servers: cms/index.ts → app/server/config.server.ts',
      'site-config-imports-nothing: app/config/site.ts → app/config/env.ts',
    ])
  })

  it('no import cycle among files, dynamic imports included, type-only cycles allowed', () => {
    expect(
      cruise({
        'app/forms/fields.tsx': `export const loadDateField = () => import('./date-field')\nexport const Label = () => null`,
        'app/forms/date-field.tsx': `import { Label } from './fields'\nexport const DateField = Label`,
        'cms/t1.ts': `import type { T2 } from './t2'\nexport type T1 = T2`,
        'cms/t2.ts': `import type { T1 } from './t1'\nexport type T2 = T1 | 1`,
      }),
    ).toEqual(['no-circular: app/forms/date-field.tsx → app/forms/fields.tsx'])
  })
})

describe('check:imports rule (c): nothing the browser loads imports server-only code', () => {
  const route = (body: string) => `import { createFileRoute } from '@tanstack/react-router'\n${body}`

  it('fires on a *.server file reached from a route, and prints the chain', () => {
    const violations = check({
      'app/routes/index.tsx': route(
        `import { helper } from '../lib/helper'\nexport const Route = createFileRoute('/')({ component: () => helper() })`,
      ),
      'app/lib/helper.ts': `import { secret } from '../server/secret.server'\nexport const helper = () => secret`,
      'app/server/secret.server.ts': 'export const secret = 1',
    })
    expect(rules(violations)).toEqual(['browser'])
    expect(violations[0]?.message).toContain('app/routes/index.tsx:2 → app/lib/helper.ts:1 imports')
    expect(violations[0]?.message).toContain('app/server/secret.server.ts')
  })

  it('fires on cms/, node: modules and @tanstack/react-start/server, static or dynamic, from app/router.tsx too', () => {
    const violations = check({
      'app/router.tsx': `import { readFileSync } from 'node:fs'\nimport { getRequest } from '@tanstack/react-start/server'\nexport const load = () => import('../cms/index')\nexport const all = [readFileSync, getRequest]`,
      'cms/index.ts': 'export const cms = 1',
    })
    expect(rules(violations)).toEqual(['browser', 'browser', 'browser'])
    expect(violations.map((violation) => violation.message).join('\n')).toMatch(/Node built-in[\s\S]*server-only module[\s\S]*cms\//)
  })

  it('does not follow imports used only in a route file’s server handlers', () => {
    const violations = check({
      'app/routes/sitemap.ts': route(
        `import { loadSitemap } from '../server/content/sitemap.server'\nexport const Route = createFileRoute('/sitemap.xml')({ server: { handlers: { GET: async () => new Response(await loadSitemap()) } } })`,
      ),
      'app/server/content/sitemap.server.ts': 'export const loadSitemap = async () => ""',
    })
    expect(violations).toEqual([])
  })

  it('treats *.functions.ts as a boundary: handler bodies and their private helpers are server-only, the rest is not', () => {
    const tree = {
      'app/routes/index.tsx': route(
        `import { getThing } from '../server/thing.functions'\nexport const Route = createFileRoute('/')({ loader: () => getThing() })`,
      ),
      'app/server/thing.functions.ts': `import { createServerFn } from '@tanstack/react-start'\nimport { source } from './source.server'\nimport { readFile } from 'node:fs/promises'\nconst load = () => readFile('x')\nexport const getThing = createServerFn().handler(async () => [source(), await load()])`,
      'app/server/source.server.ts': 'export const source = () => 1',
    }
    expect(check(tree)).toEqual([])
    // The same import used outside the handler stays in the client bundle.
    const leaky = {
      ...tree,
      'app/server/thing.functions.ts': `${tree['app/server/thing.functions.ts']}\nexport const leak = () => source()`,
    }
    const violations = check(leaky)
    expect(rules(violations)).toEqual(['browser'])
    expect(violations[0]?.message).toContain('app/server/thing.functions.ts:2')
  })

  it('ignores type-only imports and imports used only as types', () => {
    const violations = check({
      'app/routes/index.tsx': route(
        `import type { A } from '../server/a.server'\nimport { B } from '../server/b.server'\nimport { C } from '../server/c.server'\ntype List = C[]\ninterface Row extends B { c: C }\nconst f = (a: A, b: B) => [a, b] as unknown as List | Row\nexport const Route = createFileRoute('/')({ component: () => f })`,
      ),
      'app/server/a.server.ts': 'export type A = 1',
      'app/server/c.server.ts': 'export type C = 1',
      'app/server/b.server.ts': 'export interface B { b: 1 }',
    })
    expect(violations).toEqual([])
  })

  it('follows JSX references and re-exports', () => {
    const violations = check({
      'app/routes/index.tsx': route(
        `import { Widget } from '../components/widget'\nexport const Route = createFileRoute('/')({ component: () => <Widget /> })`,
      ),
      'app/components/widget.tsx': `export { Widget } from './widget-impl'`,
      'app/components/widget-impl.tsx': `import { db } from '../../cms/db'\nexport const Widget = () => <p>{String(db)}</p>`,
      'cms/db.ts': 'export const db = 1',
    })
    expect(rules(violations)).toEqual(['browser'])
    expect(violations[0]?.message).toContain('app/components/widget-impl.tsx:1')
  })
})

describe('check:imports: no two folders import each other', () => {
  it('finds a cycle between rooms the long way round, through files that break no layer rule', () => {
    const violations = check({
      'app/server/content/source.server.ts': `import { send } from '../enquiries/outbox.server'\nexport const source = send`,
      'app/server/enquiries/outbox.server.ts': `import { stamp } from '../http/stamp.server'\nexport const send = stamp`,
      'app/server/http/stamp.server.ts': `import { source } from '../content/source.server'\nexport const stamp = () => source`,
    })
    expect(rules(violations)).toEqual(['folders', 'folders', 'folders'])
    expect(violations[0]?.message).toContain('app/server/content and app/server/enquiries import each other')
  })

  it('counts a whole layer as one folder, and a file directly in app/ as itself', () => {
    expect(unitOf('app/components/shell/top-bar.tsx')).toBe('app/components')
    expect(unitOf('app/server/page-cache/purge.server.ts')).toBe('app/server/page-cache')
    expect(unitOf('app/server/env.server.ts')).toBe('app/server/env.server.ts')
    expect(unitOf('app/router.tsx')).toBe('app/router.tsx')
    expect(
      check({
        'app/sections/registry.ts': `export const load = () => import('./hero/hero')\nexport const context = 1`,
        'app/sections/hero/hero.tsx': `import { context } from '../registry'\nexport const Hero = context`,
      }),
    ).toEqual([])
  })
})

describe('check:imports: an incomplete graph is an error', () => {
  it('reports a relative import that resolves to no file, but not generated files', () => {
    const violations = check({
      'app/lib/a.ts': `import { x } from './missing'\nimport { m } from '../paraglide/messages'\nexport const a = [x, m]`,
    })
    expect(rules(violations)).toEqual(['unresolved'])
    expect(violations[0]?.message).toContain("app/lib/a.ts:1 imports './missing'")
  })
})
