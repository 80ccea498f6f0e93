/**
 * Requirements §7: when an image-service cloud name is configured,
 * image URLs go through its transformation API (Cloudinary's fetch delivery: resize,
 * automatic format and quality). Without one, the sizes the backend made of the image
 * (WordPress's generated sizes) and the original make the `srcset`.
 *
 * The URL is written here rather than by the @cloudinary/url-gen client: every page
 * renders images, and its ~35 KB would be in every page's first load for one URL shape.
 * The shape and the escaping are the client's (CloudinaryFile.createCloudinaryURL:
 * encodeURI on the source, then `,` `?` `=` escaped); image-url.test.ts holds them to it.
 */

export const RESPONSIVE_WIDTHS = [320, 480, 640, 960, 1280, 1600, 1920] as const

export interface ImageSource {
  src: string
  srcSet: string | undefined
}

/** The absolute URL the image service fetches from (it cannot see relative paths). */
function absolute(src: string, siteUrl: string): string | null {
  try {
    const url = new URL(src, siteUrl)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

export function imageSource(
  image: { src: string; width: number; sizes?: ReadonlyArray<{ src: string; width: number }> },
  options: { cloudName: string | null; siteUrl: string },
): ImageSource {
  const original = absolute(image.src, options.siteUrl)
  // SVGs are resolution-independent; an unknown width cannot be described in a srcset.
  if (!options.cloudName || !original || image.src.endsWith('.svg')) {
    if (image.width <= 0 || image.src.endsWith('.svg')) return { src: image.src, srcSet: undefined }
    // The backend's own smaller copies (WordPress's generated sizes), then the original.
    const list = [...(image.sizes ?? []), { src: image.src, width: image.width }]
    return { src: image.src, srcSet: list.map((size) => `${size.src} ${size.width}w`).join(', ') }
  }
  const source = encodeURI(original).replace(/,/g, '%2C').replace(/\?/g, '%3F').replace(/=/g, '%3D')
  const cloud = encodeURIComponent(options.cloudName)
  const at = (width: number) => `https://res.cloudinary.com/${cloud}/image/fetch/c_scale,w_${width}/f_auto/q_auto/${source}`
  const widths = RESPONSIVE_WIDTHS.filter((width) => image.width <= 0 || width <= image.width)
  const list = widths.length > 0 ? widths : [RESPONSIVE_WIDTHS[0]]
  return { src: at(list[list.length - 1] ?? 1280), srcSet: list.map((width) => `${at(width)} ${width}w`).join(', ') }
}
