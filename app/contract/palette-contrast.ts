/**
 * A palette colour's dark-theme values when the backend names none (docs/decisions/028):
 * a theme's palette is made for a light page, so "contrast" (near black) as text, or
 * "accent" (a pale yellow) as a background under the dark theme's light text, would be
 * unreadable there. The text value is lightened until it has 4.5:1 against the dark
 * theme's surface; the background value is darkened until the dark theme's ink has 4.5:1
 * on it (WCAG 2.2, 1.4.3). A colour that already has that contrast stays as it is.
 * The two surfaces are the dark theme's tokens in app/styles.css (decision 017).
 */

const DARK_SURFACE: Rgb = [0x0f, 0x17, 0x2a]
const DARK_INK: Rgb = [0xf1, 0xf5, 0xf9]
const WHITE: Rgb = [255, 255, 255]
const MIN_CONTRAST = 4.5

type Rgb = [number, number, number]

/** The colour as RGB (0–255), or null for one this cannot read (then no fallback is made). */
export function parseColor(value: string): Rgb | null {
  const color = value.trim().toLowerCase()
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(color)?.[1]
  if (hex) {
    const full = hex.length <= 4 ? hex.slice(0, 3).replace(/./g, '$&$&') : hex.slice(0, 6)
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as Rgb
  }
  const numbers = /^(rgba?|hsla?)\((.*)\)$/.exec(color)
  if (!numbers) return null
  const parts = numbers[2]!
    .split(/[\s,/]+/)
    .filter(Boolean)
    .slice(0, 3)
  if (parts.length < 3) return null
  if (numbers[1]!.startsWith('rgb')) {
    return parts.map((part) => clamp(part.endsWith('%') ? (Number.parseFloat(part) * 255) / 100 : Number.parseFloat(part))) as Rgb
  }
  const [hue, saturation, lightness] = parts.map((part) => Number.parseFloat(part)) as [number, number, number]
  return hslToRgb(((hue % 360) + 360) % 360, saturation / 100, lightness / 100)
}

const clamp = (value: number) => Math.min(255, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)))

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1))
  const m = lightness - chroma / 2
  const [r, g, b] =
    hue < 60
      ? [chroma, x, 0]
      : hue < 120
        ? [x, chroma, 0]
        : hue < 180
          ? [0, chroma, x]
          : hue < 240
            ? [0, x, chroma]
            : hue < 300
              ? [x, 0, chroma]
              : [chroma, 0, x]
  return [clamp((r + m) * 255), clamp((g + m) * 255), clamp((b + m) * 255)]
}

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

const mix = (from: Rgb, to: Rgb, amount: number): Rgb => from.map((value, index) => clamp(value + (to[index]! - value) * amount)) as Rgb
const toHex = (rgb: Rgb) => `#${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`

/** `color` moved toward `target` in 5 % steps until it has 4.5:1 against `against`. */
function until(color: Rgb, target: Rgb, against: Rgb): Rgb {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, target, step / 20)
    if (contrast(candidate, against) >= MIN_CONTRAST) return candidate
  }
  return target
}

/** The dark theme's values of a light palette colour: as text (and borders), and as a background. Null when it cannot be read. */
export function darkFallback(light: string): { text: string; background: string } | null {
  const rgb = parseColor(light)
  if (!rgb) return null
  return { text: toHex(until(rgb, WHITE, DARK_SURFACE)), background: toHex(until(rgb, DARK_SURFACE, DARK_INK)) }
}
