/**
 * The backend's smaller copies of an image that can stand in for it in `srcset`
 * (docs/content-api.md, the image object): the same picture, its shape within 1 %, so a
 * cropped thumbnail is not one; narrower than the original; at a URL the site can use
 * (`href` says, null for one it cannot); one per width, narrowest first.
 */
import type { ImageSize } from './model'

export interface SizeCandidate {
  url: string
  width: number
  height: number
}

export function imageSizesOf(
  image: { width: number; height: number; src: string },
  candidates: readonly SizeCandidate[] | undefined,
  href: (url: string) => string | null,
): ImageSize[] {
  const { width, height } = image
  if (!candidates || width <= 0 || height <= 0) return []
  const ratio = height / width
  const byWidth = new Map<number, string>()
  for (const size of candidates) {
    if (size.width <= 0 || size.height <= 0 || size.width >= width) continue
    if (Math.abs(size.height / size.width - ratio) > 0.01 * ratio) continue
    const src = href(size.url)
    if (src && src !== image.src && !byWidth.has(size.width)) byWidth.set(size.width, src)
  }
  return [...byWidth].sort(([a], [b]) => a - b).map(([sizeWidth, src]) => ({ src, width: sizeWidth }))
}
