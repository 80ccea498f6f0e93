/**
 * The smaller copies the embedded CMS makes of its raster images, as WordPress makes its
 * generated sizes of an upload (docs/content-api.md, the image object's `srcset`;
 * decision 030). One rule, used twice: the build writes the files
 * (scripts/vite-image-sizes-plugin.ts, with sharp) and the CMS lists them in each image
 * object it answers, so both always name the same files.
 *
 * Only raster images under `/images/` are resized (an SVG draws at any size); each copy is
 * WebP, at each width of the ladder narrower than the original, with the original's shape.
 */

/** WordPress's `medium_large`, `large` and `1536x1536` widths, and one for small phones. */
const GENERATED_WIDTHS = [480, 768, 1024, 1536] as const

/** Where the copies live, under the site's public files (not in git: the build makes them). */
export const SIZES_DIR = 'images/_sizes'

const RESIZABLE = /^\/images\/(?!_sizes\/)((?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9._-]*)\.(?:jpe?g|png|webp)$/i

export interface GeneratedSize {
  url: string
  width: number
  height: number
}

/** The copies of the image at `url` (a site path) that the build makes, narrowest first; none for an SVG or a remote image. */
export function generatedSizes(url: string, width: number, height: number): GeneratedSize[] {
  const match = RESIZABLE.exec(url)
  if (!match || width <= 0 || height <= 0) return []
  return GENERATED_WIDTHS.filter((size) => size < width).map((size) => ({
    url: `/${SIZES_DIR}/${match[1]}-${size}w.webp`,
    width: size,
    height: Math.round((height * size) / width),
  }))
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * A content file's data with `srcset` added to every image object in it (`{ url, width,
 * height }` of a resizable image that has none of its own), at any depth: featured images,
 * the hero's background, a team member's photo, an image-with-text section's image.
 */
export function withGeneratedSizes<T>(data: T): T {
  if (Array.isArray(data)) return data.map((entry: unknown) => withGeneratedSizes(entry)) as T
  if (!isRecord(data)) return data
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(data)) copy[key] = withGeneratedSizes(value)
  const { url, width, height, srcset } = copy
  if (typeof url === 'string' && typeof width === 'number' && typeof height === 'number' && srcset === undefined) {
    const sizes = generatedSizes(url, width, height)
    if (sizes.length > 0) copy.srcset = sizes
  }
  return copy as T
}
