/**
 * The `style` attributes the block editor writes (colours, widths, alignment, spacing,
 * borders, font sizes), kept property by property (docs/decisions/028): each declaration
 * is read, its property looked up in an allow-list and its value matched whole against
 * that property's grammar, then written back by us. Nothing of the original text passes
 * unless it is one of the small tokens below, so no `url()`, `expression()`, escape,
 * quote, comment or `var()` other than WordPress's own preset variables survives.
 */

const number = String.raw`-?(?:\d+|\d*\.\d+)`
const length = String.raw`${number}(?:px|em|rem|%|vw|vh|ch|ex|svh|dvh)?`
/** WordPress's preset variables (`var(--wp--preset--spacing--50)`), by kind; nothing else may follow the name. */
const preset = (kind: string) => String.raw`var\(--wp--preset--${kind}--[a-z0-9-]{1,40}\)`
/**
 * One number with its unit inside math, never followed by more of a number or a unit: a
 * run of digits can then be read only one way. Without that, `calc(1111…x` has
 * exponentially many readings as numbers side by side, and the regex engine tries them all.
 */
const mathLength = String.raw`-?(?:\d+(?:\.\d+)?|\.\d+)(?:px|em|rem|%|vw|vh|ch|ex|svh|dvh)?(?![\w.%])`
/** Math over lengths only, as fluid type and the spacing tool write it (`clamp(1rem, 1rem + 0.5vw, 2rem)`). */
const lengthMath = String.raw`(?:clamp|calc|min|max)\((?:${mathLength}|[+*/(),\s-]|calc\(|min\(|max\(|clamp\()+\)`
const hex = String.raw`#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})`
// Between the values: a comma or a slash with any spaces, or spaces alone (one reading only).
const colorFunction = String.raw`(?:rgba?|hsla?)\(\s*${number}(?:deg|%)?(?:(?:\s*[,/]\s*|\s+)${number}%?){2,3}\s*\)`
const namedColor = '[a-z]{3,20}'
const color = `(?:${hex}|${colorFunction}|${preset('color')}|${namedColor})`
const size = `(?:${length}|${preset('spacing')}|${lengthMath}|auto)`
const stop = `${color}(?:\\s+${length}){0,2}`
const gradient = String.raw`(?:linear|radial)-gradient\((?:(?:${number}deg|to(?:\s+(?:top|bottom|left|right)){1,2}|circle|ellipse)\s*,\s*)?${stop}(?:\s*,\s*${stop})+\)`
const borderStyle = '(?:none|solid|dashed|dotted|double|groove|ridge|inset|outset)'

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'i')
const upTo4 = (pattern: string) => whole(`${pattern}(?:\\s+${pattern}){0,3}`)

const border = whole(`(?:${length}|${borderStyle}|${color})(?:\\s+(?:${length}|${borderStyle}|${color})){0,2}`)

const grammar: Record<string, RegExp> = {
  color: whole(color),
  'background-color': whole(color),
  background: whole(`${color}|${gradient}|${preset('gradient')}`),
  'background-image': whole(`${gradient}|${preset('gradient')}`),
  width: whole(size),
  'max-width': whole(size),
  'min-width': whole(size),
  height: whole(size),
  'min-height': whole(size),
  'flex-basis': whole(size),
  'flex-grow': whole(number),
  gap: upTo4(size),
  'row-gap': whole(size),
  'column-gap': whole(size),
  'text-align': whole('left|right|center|justify|start|end'),
  'vertical-align': whole('top|middle|bottom|baseline'),
  'justify-content': whole('flex-start|flex-end|center|space-between|start|end|left|right|stretch'),
  'align-items': whole('flex-start|flex-end|center|stretch|start|end|baseline'),
  'aspect-ratio': whole(`${number}(?:\\s*/\\s*${number})?|auto`),
  'object-fit': whole('cover|contain|fill|none|scale-down'),
  'object-position': whole(`(?:${length}|left|right|center|top|bottom)(?:\\s+(?:${length}|left|right|center|top|bottom))?`),
  'font-size': whole(`${size}|${preset('font-size')}|small|medium|large|x-large|xx-large`),
  'font-weight': whole('normal|bold|[1-9]00'),
  'font-style': whole('normal|italic'),
  'line-height': whole(`${number}|${length}`),
  'letter-spacing': whole(`normal|${length}`),
  'text-transform': whole('none|uppercase|lowercase|capitalize'),
  'text-decoration': whole('none|underline|line-through|overline'),
  'border-width': upTo4(length),
  'border-style': upTo4(borderStyle),
  'border-color': upTo4(color),
  'border-radius': upTo4(length),
  border,
}
for (const side of ['top', 'right', 'bottom', 'left']) {
  Object.assign(grammar, {
    [`padding-${side}`]: whole(size),
    [`margin-${side}`]: whole(size),
    [`border-${side}`]: border,
    [`border-${side}-width`]: whole(length),
    [`border-${side}-style`]: whole(borderStyle),
    [`border-${side}-color`]: whole(color),
  })
}
Object.assign(grammar, { padding: upTo4(size), margin: upTo4(size) })
for (const corner of ['top-left', 'top-right', 'bottom-left', 'bottom-right']) {
  Object.assign(grammar, { [`border-${corner}-radius`]: whole(length) })
}

/** Characters no allowed value ever holds: a declaration with one is dropped before any grammar is tried. */
const NEVER = /[\\"'<>@{}!:;]|\/\*|url\s*\(|expression|javascript/i

/** The allowed declarations of a `style` attribute, written back as `property:value;…`, or '' when none is. */
export function cleanInlineStyle(style: string): string {
  if (!style || style.length > 2000) return ''
  const kept: string[] = []
  // Markup inside a style attribute is an attack, not a style: nothing of it is kept.
  if (/[<>]/.test(style)) return ''
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon === -1) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration
      .slice(colon + 1)
      .trim()
      .replace(/\s+/g, ' ')
    const rule = grammar[property]
    if (!rule || value === '' || NEVER.test(value) || !rule.test(value)) continue
    kept.push(`${property}:${value}`)
  }
  return kept.join(';')
}
