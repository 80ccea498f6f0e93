/**
 * The import graph of `app/` and `cms/` (and `tailwind.config.ts`), as the browser check of
 * scripts/check-imports.ts needs it: every `.ts`/`.tsx` file is parsed with oxc-parser,
 * except tests (`*.test.*`), declarations (`*.d.ts`) and generated code (`app/paraglide/`,
 * `app/routeTree.gen.ts`), which are leaves. An edge is a static `import`, an
 * `export … from`, or an `import('literal')`. Each edge has a kind:
 *   - `type`: erased at build time: `import type`, `import { type X }`, `export type … from`,
 *     and imports whose bindings are used only in type positions or not at all (TypeScript
 *     without verbatimModuleSyntax drops them). Side-effect imports (`import './x'`) are never erased.
 *   - `server`: used only inside code the TanStack Start compiler removes from the client
 *     build: in a route file, the value of a `server: { handlers: … }` property; in a
 *     `*.functions.ts` file, the arguments of `.handler(…)` and of `createServerOnlyFn(…)`,
 *     and the module-level functions used only there.
 *   - `runtime`: everything else.
 * Specifiers resolve like the bundler: relative paths and `~/` (= `app/`), with `.ts`,
 * `.tsx`, `.js`, `/index.ts(x)` tried in turn; `?url`-style queries are dropped. A relative
 * import that resolves to nothing is reported too, so the graph is never silently partial.
 */
import { builtinModules } from 'node:module'
import { posix } from 'node:path'
import { parseSync } from 'oxc-parser'

export type EdgeKind = 'runtime' | 'server' | 'type'

export interface Edge {
  from: string
  /** A repository path (posix, relative to the root) for files; the specifier for packages. */
  to: string
  target: 'file' | 'package' | 'builtin' | 'unresolved'
  specifier: string
  line: number
  kind: EdgeKind
  dynamic: boolean
}

export interface Violation {
  rule: 'browser' | 'folders' | 'unresolved' | 'parse'
  message: string
}

/** Files parsed into the graph; everything else that is imported is a leaf. */
export function isSourceFile(path: string): boolean {
  if (!/\.(ts|tsx)$/.test(path) || path.endsWith('.d.ts') || /\.test\.(ts|tsx)$/.test(path)) return false
  if (isGenerated(path)) return false
  // tailwind.config.ts: the brand tokens, which the server's social-image card reads too (docs/decisions/018).
  return path === 'tailwind.config.ts' || path.startsWith('app/') || path.startsWith('cms/')
}

export const isGenerated = (path: string) => path.startsWith('app/paraglide/') || path === 'app/routeTree.gen.ts'
export const isRouteFile = (path: string) => path.startsWith('app/routes/') && !posix.basename(path).startsWith('-')
const isFunctionsFile = (path: string) => /\.functions\.tsx?$/.test(path)
export const isServerOnlyFile = (path: string) => /\.server\.[cm]?[jt]sx?$/.test(path)
const builtins = new Set(builtinModules)
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtins.has(specifier.split('/')[0] ?? '')
/** Specifiers the browser must never load besides Node built-ins (TanStack's own default deny). */
export const serverOnlySpecifiers = new Set(['@tanstack/react-start/server'])

/* ------------------------------------------------------------------ parsing */

type AstNode = { type: string; start: number; end: number; [key: string]: unknown }
const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'

/** TypeScript nodes that hold a value expression; every other `TS*` node is type-only. */
const tsValueNodes: Record<string, string[]> = {
  TSAsExpression: ['expression'],
  TSSatisfiesExpression: ['expression'],
  TSNonNullExpression: ['expression'],
  TSTypeAssertion: ['expression'],
  TSInstantiationExpression: ['expression'],
  TSParameterProperty: ['parameter'],
  TSExportAssignment: ['expression'],
  TSEnumDeclaration: ['body'],
  TSEnumBody: ['members'],
  TSEnumMember: ['initializer'],
  TSModuleDeclaration: ['body'],
  TSModuleBlock: ['body'],
}

interface FileFacts {
  /** Identifier name → start offsets of its value references. */
  references: Map<string, number[]>
  /** Spans the TanStack Start compiler removes from the client build. */
  serverSpans: Array<[number, number]>
}

const keyName = (node: unknown): string | undefined => {
  if (!isNode(node)) return undefined
  if (node.type === 'Identifier' && typeof node.name === 'string') return node.name
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  return undefined
}

function collectFacts(path: string, program: AstNode): FileFacts {
  const references = new Map<string, number[]>()
  const serverSpans: Array<[number, number]> = []
  const route = isRouteFile(path)
  const functions = isFunctionsFile(path)

  const reference = (name: string, at: number) => {
    const list = references.get(name)
    if (list) list.push(at)
    else references.set(name, [at])
  }

  const visit = (node: AstNode, parent: AstNode | undefined, key: string) => {
    if (node.type === 'ImportDeclaration') return
    const valueKeys = tsValueNodes[node.type]
    if (node.type.startsWith('TS') && !valueKeys) return

    if (node.type === 'Identifier' && typeof node.name === 'string') {
      const skip =
        parent !== undefined &&
        ((key === 'property' && parent.type === 'MemberExpression' && !parent.computed) ||
          (key === 'key' && /^(Property|PropertyDefinition|MethodDefinition|AccessorProperty)$/.test(parent.type) && !parent.computed) ||
          (key === 'exported' && parent.type === 'ExportSpecifier') ||
          (key === 'label' && /^(LabeledStatement|BreakStatement|ContinueStatement)$/.test(parent.type)))
      if (!skip) reference(node.name, node.start)
    }
    if (node.type === 'JSXIdentifier' && typeof node.name === 'string' && parent !== undefined) {
      if (
        (key === 'name' && /^JSX(Opening|Closing)Element$/.test(parent.type)) ||
        (key === 'object' && parent.type === 'JSXMemberExpression')
      ) {
        reference(node.name, node.start)
      }
    }
    if (
      route &&
      node.type === 'Property' &&
      keyName(node.key) === 'server' &&
      isNode(node.value) &&
      node.value.type === 'ObjectExpression'
    ) {
      const properties = Array.isArray(node.value.properties) ? node.value.properties : []
      if (properties.some((property) => isNode(property) && keyName(property.key) === 'handlers')) {
        serverSpans.push([node.value.start, node.value.end])
      }
    }
    if (functions && node.type === 'CallExpression' && Array.isArray(node.arguments)) {
      const callee = node.callee
      const isHandler = isNode(callee) && callee.type === 'MemberExpression' && !callee.computed && keyName(callee.property) === 'handler'
      const isServerOnly = isNode(callee) && callee.type === 'Identifier' && callee.name === 'createServerOnlyFn'
      if (isHandler || isServerOnly) {
        for (const argument of node.arguments) if (isNode(argument)) serverSpans.push([argument.start, argument.end])
      }
    }

    const keys = valueKeys ?? Object.keys(node)
    for (const childKey of keys) {
      const value = node[childKey]
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item, node, childKey)
      } else if (
        isNode(value) &&
        childKey !== 'typeAnnotation' &&
        childKey !== 'returnType' &&
        childKey !== 'typeParameters' &&
        childKey !== 'typeArguments'
      ) {
        visit(value, node, childKey)
      }
    }
  }
  visit(program, undefined, '')
  if (serverSpans.length > 0) widenToServerHelpers(program, references, serverSpans)
  return { references, serverSpans }
}

/**
 * A module-level function that is not exported and is called only from server-only code
 * is server-only too: once the compiler removes the handler, nothing uses it and the bundler
 * drops it with its imports. Repeated until nothing changes (helpers of helpers).
 */
function widenToServerHelpers(program: AstNode, references: Map<string, number[]>, serverSpans: Array<[number, number]>) {
  const helpers: Array<{ name: string; start: number; end: number }> = []
  for (const statement of Array.isArray(program.body) ? program.body : []) {
    if (!isNode(statement)) continue
    if (statement.type === 'FunctionDeclaration' && isNode(statement.id) && typeof statement.id.name === 'string') {
      helpers.push({ name: statement.id.name, start: statement.start, end: statement.end })
    }
    if (statement.type === 'VariableDeclaration' && Array.isArray(statement.declarations)) {
      for (const declarator of statement.declarations) {
        if (!isNode(declarator) || !isNode(declarator.id) || typeof declarator.id.name !== 'string' || !isNode(declarator.init)) continue
        if (declarator.init.type === 'ArrowFunctionExpression' || declarator.init.type === 'FunctionExpression') {
          helpers.push({ name: declarator.id.name, start: declarator.start, end: declarator.end })
        }
      }
    }
  }
  for (let changed = true; changed;) {
    changed = false
    for (const helper of helpers) {
      if (inSpans(helper.start, serverSpans)) continue
      const uses = (references.get(helper.name) ?? []).filter((at) => at < helper.start || at >= helper.end)
      if (uses.length > 0 && uses.every((at) => inSpans(at, serverSpans))) {
        serverSpans.push([helper.start, helper.end])
        changed = true
      }
    }
  }
}

const inSpans = (at: number, spans: Array<[number, number]>) => spans.some(([start, end]) => at >= start && at < end)

/** Where a set of references puts an import: outside the server spans, only inside them, or nowhere. */
function usage(positions: number[] | undefined, spans: Array<[number, number]>): EdgeKind {
  if (!positions || positions.length === 0) return 'type'
  return positions.every((at) => inSpans(at, spans)) ? 'server' : 'runtime'
}

const strongest = (kinds: EdgeKind[]): EdgeKind => (kinds.includes('runtime') ? 'runtime' : kinds.includes('server') ? 'server' : 'type')

interface RawEdge {
  specifier: string
  at: number
  kind: EdgeKind
  dynamic: boolean
}

/** The imports of one file, each with its kind. */
export function readImports(path: string, source: string): { edges: RawEdge[]; errors: string[] } {
  const result = parseSync(path, source, { sourceType: 'module' })
  if (result.errors.length > 0) return { edges: [], errors: result.errors.map((error) => error.message) }
  const program: unknown = result.program
  if (!isNode(program)) return { edges: [], errors: ['no program'] }
  const facts = collectFacts(path, program)
  const edges: RawEdge[] = []

  for (const declaration of result.module.staticImports) {
    const specifier = declaration.moduleRequest.value
    let kind: EdgeKind
    if (declaration.entries.length === 0) kind = inSpans(declaration.start, facts.serverSpans) ? 'server' : 'runtime'
    else {
      kind = strongest(
        declaration.entries.map((entry) => (entry.isType ? 'type' : usage(facts.references.get(entry.localName.value), facts.serverSpans))),
      )
    }
    edges.push({ specifier, at: declaration.moduleRequest.start, kind, dynamic: false })
  }
  for (const declaration of result.module.staticExports) {
    for (const entry of declaration.entries) {
      if (!entry.moduleRequest) continue
      edges.push({
        specifier: entry.moduleRequest.value,
        at: entry.moduleRequest.start,
        kind: entry.isType ? 'type' : 'runtime',
        dynamic: false,
      })
    }
  }
  for (const expression of result.module.dynamicImports) {
    const text = source.slice(expression.moduleRequest.start, expression.moduleRequest.end)
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(text)
    if (!literal?.[2]) continue
    edges.push({
      specifier: literal[2],
      at: expression.start,
      kind: inSpans(expression.start, facts.serverSpans) ? 'server' : 'runtime',
      dynamic: true,
    })
  }
  return { edges, errors: [] }
}

/* ------------------------------------------------------------------ the graph */

const lineOf = (source: string, offset: number) => source.slice(0, offset).split('\n').length

function resolve(from: string, specifier: string, exists: (path: string) => boolean): Pick<Edge, 'to' | 'target'> {
  if (isBuiltin(specifier)) return { to: specifier, target: 'builtin' }
  const bare = specifier.split('?')[0] ?? specifier
  let base: string
  if (bare.startsWith('~/')) base = posix.join('app', bare.slice(2))
  else if (bare.startsWith('.')) base = posix.join(posix.dirname(from), bare)
  else return { to: specifier, target: 'package' }
  const stem = base.replace(/\.(js|jsx|mjs)$/, '')
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}/index.ts`, `${base}/index.tsx`]
  const found = candidates.find(exists)
  if (found) return { to: found, target: 'file' }
  // Generated files exist only after a build or `npm run messages`; they are leaves anyway.
  if (isGenerated(base) || isGenerated(`${stem}.ts`)) return { to: base, target: 'file' }
  return { to: base, target: 'unresolved' }
}

export interface Graph {
  files: string[]
  edges: Edge[]
  problems: Violation[]
}

/** Builds the graph from a set of files: repository path (posix) → source text (for parsed files). */
export function buildGraph(allFiles: Iterable<string>, read: (path: string) => string): Graph {
  const known = new Set(allFiles)
  const files = [...known].filter(isSourceFile).sort()
  const edges: Edge[] = []
  const problems: Violation[] = []
  for (const from of files) {
    const source = read(from)
    const { edges: raw, errors } = readImports(from, source)
    for (const error of errors) problems.push({ rule: 'parse', message: `${from}: cannot parse: ${error}` })
    for (const edge of raw) {
      const resolved = resolve(from, edge.specifier, (path) => known.has(path))
      const line = lineOf(source, edge.at)
      edges.push({ from, ...resolved, specifier: edge.specifier, line, kind: edge.kind, dynamic: edge.dynamic })
      if (resolved.target === 'unresolved') {
        problems.push({ rule: 'unresolved', message: `${from}:${line} imports '${edge.specifier}', which resolves to no file` })
      }
    }
  }
  return { files, edges, problems }
}
