import { describe, expect, it } from 'vitest'
import { buildGraph, checkGraph, type Violation } from '../../scripts/check-imports'

/** Runs the check over a small tree given as path → source (files not ending in .ts/.tsx are leaves). */
function check(tree: Record<string, string>): Violation[] {
  return checkGraph(buildGraph(Object.keys(tree), (path) => tree[path] ?? ''))
}
const rules = (violations: Violation[]) => violations.map((violation) => violation.rule)

describe('check:imports rule (a): the contract imports neither the site nor the CMS', () => {
  it('fires on app/content importing app/server, components, routes, sections, forms or cms', () => {
    for (const target of ['../server/x', '../components/x', '../routes/x', '../sections/x', '../forms/x', '../../cms/x']) {
      const targetFile = target.replace('../../', '').replace('../', 'app/') + '.ts'
      const violations = check({
        'app/contract/model.ts': `import { x } from '${target}'\nexport const y = x`,
        [targetFile]: 'export const x = 1',
      })
      expect(rules(violations), target).toEqual(['a'])
      expect(violations[0]?.message).toContain('app/contract/model.ts:1')
    }
  })

  it('counts type-only imports too, and allows app/lib, app.config.ts and packages', () => {
    expect(
      rules(
        check({
          'app/contract/model.ts': `import type { X } from '../server/x'\nexport type Y = X`,
          'app/server/x.ts': 'export type X = 1',
        }),
      ),
    ).toEqual(['a'])
    const clean = check({
      'app/contract/model.ts': `import { z } from 'zod'\nimport { siteConfig } from '../../app.config'\nimport { url } from '../lib/url'\nimport { w } from './wire'\nexport const all = [z, siteConfig, url, w]`,
      'app.config.ts': 'export const siteConfig = {}',
      'app/lib/url.ts': 'export const url = 1',
      'app/contract/wire.ts': 'export const w = 1',
    })
    expect(clean).toEqual([])
  })
})

describe('check:imports rule (b): the CMS imports only the contract, lib and config', () => {
  it('fires on cms importing app/server, app/components, app/routes or app/sections', () => {
    for (const target of ['server', 'components', 'routes', 'sections']) {
      const violations = check({
        'cms/handler.ts': `import { x } from '../app/${target}/x'\nexport const y = x`,
        [`app/${target}/x.ts`]: 'export const x = 1',
      })
      expect(rules(violations), target).toEqual(['b'])
    }
  })

  it('allows app/content, app/lib, app.config.ts and packages', () => {
    const clean = check({
      'cms/handler.ts': `import { createClient } from '@libsql/client'\nimport { w } from '../app/contract/wire'\nimport { u } from '../app/lib/url'\nimport { siteConfig } from '../app.config'\nexport const all = [createClient, w, u, siteConfig]`,
      'app/contract/wire.ts': 'export const w = 1',
      'app/lib/url.ts': 'export const u = 1',
      'app.config.ts': 'export const siteConfig = {}',
    })
    expect(clean).toEqual([])
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
    expect(rules(violations)).toEqual(['c'])
    expect(violations[0]?.message).toContain('app/routes/index.tsx:2 → app/lib/helper.ts:1 imports')
    expect(violations[0]?.message).toContain('app/server/secret.server.ts')
  })

  it('fires on cms/, node: modules and @tanstack/react-start/server, static or dynamic, from app/router.tsx too', () => {
    const violations = check({
      'app/router.tsx': `import { readFileSync } from 'node:fs'\nimport { getRequest } from '@tanstack/react-start/server'\nexport const load = () => import('../cms/index')\nexport const all = [readFileSync, getRequest]`,
      'cms/index.ts': 'export const cms = 1',
    })
    expect(rules(violations)).toEqual(['c', 'c', 'c'])
    expect(violations.map((violation) => violation.message).join('\n')).toMatch(/Node built-in[\s\S]*server-only module[\s\S]*cms\//)
  })

  it('does not follow imports used only in a route file’s server handlers', () => {
    const violations = check({
      'app/routes/sitemap.ts': route(
        `import { loadSitemap } from '../server/sitemap.server'\nexport const Route = createFileRoute('/sitemap.xml')({ server: { handlers: { GET: async () => new Response(await loadSitemap()) } } })`,
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
    expect(rules(violations)).toEqual(['c'])
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
    expect(rules(violations)).toEqual(['c'])
    expect(violations[0]?.message).toContain('app/components/widget-impl.tsx:1')
  })
})

describe('check:imports rule (d): no import cycles', () => {
  it('reports a cycle as a path, dynamic imports included', () => {
    const violations = check({
      'app/forms/fields.tsx': `export const loadDateField = () => import('./date-field')\nexport const Label = () => null`,
      'app/forms/date-field.tsx': `import { Label } from './fields'\nexport const DateField = () => <Label />`,
    })
    expect(violations.map((violation) => violation.message)).toEqual([
      'import cycle: app/forms/date-field.tsx:1 → app/forms/fields.tsx:1 (dynamic) → app/forms/date-field.tsx',
    ])
  })

  it('reports each cycle of a larger group, and not type-only cycles', () => {
    const violations = check({
      'cms/a.ts': `import { b } from './b'\nimport { c } from './c'\nexport const a = () => [b, c]`,
      'cms/b.ts': `import { a } from './a'\nexport const b = () => a`,
      'cms/c.ts': `import { a } from './a'\nexport const c = () => a`,
      'cms/t1.ts': `import type { T2 } from './t2'\nexport type T1 = T2`,
      'cms/t2.ts': `import type { T1 } from './t1'\nexport type T2 = T1 | 1`,
    })
    expect(violations.map((violation) => violation.message)).toEqual([
      'import cycle: cms/a.ts:1 → cms/b.ts:1 → cms/a.ts',
      'import cycle: cms/a.ts:2 → cms/c.ts:1 → cms/a.ts',
    ])
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
