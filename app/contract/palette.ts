/**
 * The theme's colour palette from the contract's options (docs/decisions/028) as CSS: one
 * custom property per slug (`--wp--preset--color--{slug}`, WordPress's own name, so the
 * editor's `style="color:var(--wp--preset--color--accent)"` works too), its dark values
 * under the dark theme's selectors (decision 017; as text, and as a background:
 * palette-contrast.ts), and the editor's classes for it. The
 * rest of the block classes are static, in app/styles/wp-blocks.css.
 */
import type { PaletteColor } from './model'

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const FUNCTION = /^(?:rgba?|hsla?)\(\s*-?[\d.]+(?:deg|%)?(?:(?:\s*[,/]\s*|\s+)-?[\d.]+%?){2,3}\s*\)$/i

/** A palette colour the CSS may carry (hex, rgb(), hsl()), or null. */
export function paletteColor(value: string): string | null {
  const color = value.trim()
  return HEX.test(color) || FUNCTION.test(color) ? color.toLowerCase() : null
}

/**
 * The CSS of each palette the data cache holds, made once: every page's head asks for it, and
 * the server's pages share the options' palette while the cache keeps them.
 */
const cssOfPalette = new WeakMap<readonly PaletteColor[], string>()

/** The palette's custom properties and classes; '' for an empty palette. Slugs and colours are already checked by reshape. */
export function paletteCss(palette: readonly PaletteColor[]): string {
  let css = cssOfPalette.get(palette)
  if (css === undefined) {
    css = cssOf(palette)
    cssOfPalette.set(palette, css)
  }
  return css
}

function cssOf(palette: readonly PaletteColor[]): string {
  if (palette.length === 0) return ''
  const variable = (color: PaletteColor) => `--wp--preset--color--${color.slug}`
  // Backgrounds have their own dark value (one the dark theme's light text reads on).
  const background = (color: PaletteColor) => `--kestrel-background--${color.slug}`
  const light = palette.map((color) => `${variable(color)}:${color.light};${background(color)}:${color.light}`).join(';')
  const dark = palette.map((color) => `${variable(color)}:${color.dark};${background(color)}:${color.darkBackground}`).join(';')
  const classes = palette
    .map(
      (color) =>
        `.has-${color.slug}-color{color:var(${variable(color)}) !important}` +
        `.has-${color.slug}-background-color{background-color:var(${background(color)}) !important}` +
        `.has-${color.slug}-border-color{border-color:var(${variable(color)}) !important}`,
    )
    .join('')
  return (
    `:root{${light}}` + `[data-theme='dark']{${dark}}` + `@media (prefers-color-scheme:dark){:root:not([data-theme]){${dark}}}` + classes
  )
}
