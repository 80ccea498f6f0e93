/**
 * SPEC §7 and the section-blocks issue: when an image-service cloud name is configured,
 * image URLs go through its transformation API (the maintained @cloudinary/url-gen
 * client, fetch delivery: resize, automatic format and quality). Without one, the
 * original is used as it is.
 */
import { Cloudinary } from '@cloudinary/url-gen'
import { format, quality } from '@cloudinary/url-gen/actions/delivery'
import { scale } from '@cloudinary/url-gen/actions/resize'
import { auto as autoFormat } from '@cloudinary/url-gen/qualifiers/format'
import { auto as autoQuality } from '@cloudinary/url-gen/qualifiers/quality'

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

export function imageSource(image: { src: string; width: number }, options: { cloudName: string | null; siteUrl: string }): ImageSource {
  const original = absolute(image.src, options.siteUrl)
  // SVGs are resolution-independent; an unknown width cannot be described in a srcset.
  if (!options.cloudName || !original || image.src.endsWith('.svg')) {
    return { src: image.src, srcSet: image.width > 0 && !image.src.endsWith('.svg') ? `${image.src} ${image.width}w` : undefined }
  }
  const cloud = new Cloudinary({ cloud: { cloudName: options.cloudName }, url: { secure: true, analytics: false } })
  const at = (width: number) =>
    cloud
      .image(original)
      .setDeliveryType('fetch')
      .resize(scale().width(width))
      .delivery(format(autoFormat()))
      .delivery(quality(autoQuality()))
      .toURL()
  const widths = RESPONSIVE_WIDTHS.filter((width) => image.width <= 0 || width <= image.width)
  const list = widths.length > 0 ? widths : [RESPONSIVE_WIDTHS[0]]
  return { src: at(list[list.length - 1] ?? 1280), srcSet: list.map((width) => `${at(width)} ${width}w`).join(', ') }
}
