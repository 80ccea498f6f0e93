/**
 * A page's own CSS (requirements §3 custom_css), applied to that page only. It is parsed with a
 * real CSS parser (css-tree) and rebuilt from the syntax tree, so nothing in it can reach
 * outside the page: every selector is scoped to the page wrapper's `data-page` attribute
 * by the tree, not by counting braces, and braces inside strings or comments are just
 * characters of a string or gone. What cannot be scoped safely is dropped:
 *
 * - at-rules other than @media, @supports, @container, @layer and @starting-style (whose
 *   rules are scoped in turn) and @keyframes (renamed per page, with the page's
 *   `animation` references, so a page cannot redefine the site's own animations):
 *   @import and @font-face load from anywhere and act on the whole site (a font family
 *   the shell uses could be replaced), @property, @counter-style, @page, @namespace,
 *   @scope and any at-rule the parser does not know;
 * - declarations the parser could not read, old script hooks (`expression()`,
 *   `behavior`, `-moz-binding`) and `url()`s other than http(s), relative and
 *   `data:image/…` (so no `javascript:`);
 * - rules whose selector or at-rule prelude does not parse.
 *
 * The result goes into a <style> element, whose text only `</` can end: it is written as
 * the CSS escape `\3c /`, which means the same inside strings, URLs and names.
 * docs/decisions/ has the record.
 */
import type {
  AtrulePlain,
  BlockPlain,
  CssNodePlain,
  DeclarationPlain,
  RulePlain,
  SelectorListPlain,
  SelectorPlain,
  StyleSheetPlain,
} from 'css-tree'
import convertor from 'css-tree/convertor'
import generate from 'css-tree/generator'
import parse from 'css-tree/parser'
import { siteConfig } from '../config/site'

/** The attribute the page wrapper carries (app/components/page-frame.tsx). */
const pageScopeAttribute = 'data-page'

/** At-rules that only group rules: kept, and the rules inside them scoped like any other. */
const groupingAtRules = new Set(['media', 'supports', 'container', 'layer', 'starting-style'])
const keyframesAtRules = new Set(['keyframes', '-webkit-keyframes'])
const scriptProperties = new Set(['behavior', '-moz-binding'])
/** Functions whose string arguments are URLs (`image-set("a.png" 1x)`). */
const urlFunctions = new Set(['image-set', '-webkit-image-set', 'image', 'src', 'url'])

/** The page's CSS with every rule scoped to `[data-page="{scopeId}"]`; '' when nothing safe is left. */
export function scopePageCss(css: string, scopeId: string): string {
  const source = css.slice(0, siteConfig.content.maxPageCssLength)
  if (source.trim() === '') return ''
  const tree = convertor.toPlainObject(parse(source, { parseCustomProperty: true, onParseError: () => {} })) as StyleSheetPlain
  const scope = scopeSelectorNodes(scopeId)
  const keyframes = new Map<string, string>()
  collectKeyframes(tree.children, scopeId, keyframes)
  tree.children = cleanChildren(tree.children, { scope, keyframes, nested: false })
  if (tree.children.length === 0) return ''
  return generate(tree as unknown as Parameters<typeof generate>[0]).replace(/<\//g, '\\3c /')
}

interface CleanContext {
  scope: CssNodePlain[]
  /** @keyframes names of this page → their page-specific names. */
  keyframes: Map<string, string>
  /** Inside a style rule: nested rules are relative to an already scoped one. */
  nested: boolean
}

function cleanChildren(children: CssNodePlain[], ctx: CleanContext): CssNodePlain[] {
  return children.flatMap((node): CssNodePlain[] => {
    if (node.type === 'Rule') return cleanRule(node, ctx)
    if (node.type === 'Atrule') return cleanAtrule(node, ctx)
    if (node.type === 'Declaration' && ctx.nested) return cleanDeclaration(node, ctx)
    return []
  })
}

function cleanRule(rule: RulePlain, ctx: CleanContext): CssNodePlain[] {
  if (rule.prelude.type !== 'SelectorList' || contains(rule.prelude, (node) => node.type === 'Raw')) return []
  const prelude: SelectorListPlain = ctx.nested
    ? rule.prelude
    : {
        ...rule.prelude,
        children: rule.prelude.children.flatMap((selector) => (selector.type === 'Selector' ? [scoped(selector, ctx.scope)] : [])),
      }
  const block: BlockPlain = { ...rule.block, children: cleanChildren(rule.block.children, { ...ctx, nested: true }) }
  return block.children.length > 0 ? [{ ...rule, prelude, block }] : []
}

function cleanAtrule(rule: AtrulePlain, ctx: CleanContext): CssNodePlain[] {
  const name = rule.name.toLowerCase()
  const preludeOk =
    rule.prelude === null || (rule.prelude.type === 'AtrulePrelude' && !contains(rule.prelude, (node) => node.type === 'Raw'))
  if (!preludeOk) return []
  if (keyframesAtRules.has(name)) {
    if (ctx.nested || !rule.block) return []
    const renamed = ctx.keyframes.get(keyframesName(rule) ?? '')
    if (!renamed) return []
    const frames = rule.block.children.flatMap((frame): CssNodePlain[] => {
      if (frame.type !== 'Rule' || frame.prelude.type === 'Raw') return []
      const declarations = frame.block.children.flatMap((node) => (node.type === 'Declaration' ? cleanDeclaration(node, ctx) : []))
      return [{ ...frame, block: { ...frame.block, children: declarations } }]
    })
    const prelude = { type: 'AtrulePrelude' as const, children: [{ type: 'Identifier' as const, name: renamed }] }
    return [{ ...rule, prelude, block: { ...rule.block, children: frames } }]
  }
  if (!groupingAtRules.has(name)) return []
  // `@layer a, b;` only names layers; a grouping rule with a block keeps what is safe inside it.
  if (!rule.block) return name === 'layer' && !ctx.nested ? [rule] : []
  const children = cleanChildren(rule.block.children, ctx)
  return children.length > 0 ? [{ ...rule, block: { ...rule.block, children } }] : []
}

function cleanDeclaration(declaration: DeclarationPlain, ctx: CleanContext): CssNodePlain[] {
  const property = declaration.property.toLowerCase()
  if (scriptProperties.has(property)) return []
  if (declaration.value.type === 'Raw') return []
  const unsafe = contains(declaration.value, (node) => {
    if (node.type === 'Raw') return true
    if (node.type === 'Url') return !safeCssUrl(node.value)
    if (node.type === 'Function') {
      const name = node.name.toLowerCase()
      if (name === 'expression' || name.includes('javascript')) return true
      if (urlFunctions.has(name)) return node.children.some((child) => child.type === 'String' && !safeCssUrl(child.value))
    }
    return false
  })
  if (unsafe) return []
  if (
    property === 'animation' ||
    property === 'animation-name' ||
    property === '-webkit-animation' ||
    property === '-webkit-animation-name'
  ) {
    renameAnimations(declaration.value, ctx.keyframes)
  }
  return [declaration]
}

/** http(s), relative and fragment URLs and inline images; nothing that names another scheme. */
export function safeCssUrl(value: string): boolean {
  // Browsers ignore white space and control characters around and inside a scheme.
  // oxlint-disable-next-line no-control-regex -- control characters are what this strips
  const url = value.replace(/[\u0000-\u0020\u007F]/g, '')
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) return true
  if (scheme === 'http' || scheme === 'https') return true
  return scheme === 'data' && /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i.test(url)
}

/**
 * `sel` becomes `[data-page="x"] sel`. A selector that starts at the document (`html`,
 * `body`, `:root`) starts at the page wrapper instead, which also carries the page's body
 * classes: `body.page-about h2` becomes `[data-page="x"].page-about h2`.
 */
function scoped(selector: SelectorPlain, scope: CssNodePlain[]): SelectorPlain {
  let children = selector.children
  for (;;) {
    const end = children.findIndex((node) => node.type === 'Combinator')
    const first = end === -1 ? children : children.slice(0, end)
    if (!first.some(isDocumentRoot)) return { ...selector, children: [...scope, { type: 'Combinator', name: ' ' }, ...children] }
    const rest = first.filter((node) => !isDocumentRoot(node))
    const after = end === -1 ? [] : children.slice(end + 1)
    const next = after.findIndex((node) => node.type === 'Combinator')
    const following = next === -1 ? after : after.slice(0, next)
    const combinator = end === -1 ? null : children[end]
    // `html body h2`: the root element's compound adds nothing once `body` is the scope.
    if (rest.length === 0 && following.some(isDocumentRoot) && combinator?.type === 'Combinator' && combinator.name.trim() !== '+') {
      children = after
      continue
    }
    return { ...selector, children: [...scope, ...rest, ...children.slice(first.length)] }
  }
}

function isDocumentRoot(node: CssNodePlain): boolean {
  if (node.type === 'TypeSelector') return ['html', 'body'].includes(node.name.toLowerCase())
  return node.type === 'PseudoClassSelector' && node.name.toLowerCase() === 'root'
}

function scopeSelectorNodes(scopeId: string): CssNodePlain[] {
  return [
    {
      type: 'AttributeSelector',
      name: { type: 'Identifier', name: pageScopeAttribute },
      matcher: '=',
      value: { type: 'String', value: scopeId },
      flags: null,
    },
  ]
}

function keyframesName(rule: AtrulePlain): string | null {
  const first = rule.prelude?.type === 'AtrulePrelude' ? rule.prelude.children[0] : undefined
  if (first?.type === 'Identifier') return first.name
  if (first?.type === 'String') return first.value
  return null
}

function collectKeyframes(children: CssNodePlain[], scopeId: string, into: Map<string, string>) {
  for (const node of children) {
    if (node.type !== 'Atrule') continue
    const name = keyframesName(node)
    if (keyframesAtRules.has(node.name.toLowerCase()) && name) into.set(name, `page-${scopeId}-${name}`.replace(/[^A-Za-z0-9_-]/g, '_'))
    else if (node.block && groupingAtRules.has(node.name.toLowerCase())) collectKeyframes(node.block.children, scopeId, into)
  }
}

function renameAnimations(value: CssNodePlain, keyframes: Map<string, string>) {
  contains(value, (node) => {
    if (node.type === 'Identifier') {
      const renamed = keyframes.get(node.name)
      if (renamed) node.name = renamed
    }
    return false
  })
}

/** Whether any node of the tree under `node` (itself included) passes `test`. */
function contains(node: unknown, test: (node: CssNodePlain) => boolean): boolean {
  if (Array.isArray(node)) return node.some((child) => contains(child, test))
  if (node === null || typeof node !== 'object') return false
  if ('type' in node && typeof node.type === 'string' && test(node as CssNodePlain)) return true
  return Object.values(node).some((child) => typeof child === 'object' && contains(child, test))
}
