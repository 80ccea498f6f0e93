/**
 * Requirements §3 Image object (url, width, height, error) and §9 (lazy images load within
 * 500 px at threshold 0.01): width and height are always set, so nothing shifts; the
 * image is requested when it comes within 500 px of the viewport (eagerly when it is the
 * page's first, "priority" image); responsive `srcset`/`sizes`; a neutral fallback when
 * the image is missing or fails; and a background-image variant.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { siteConfig } from '../config/site'
import { imageSource } from '../lib/image-url'
import type { Image as ImageObject } from '../contract/model'

export const ImageServiceContext = createContext<{ cloudName: string | null; siteUrl: string }>({
  cloudName: null,
  siteUrl: 'http://localhost',
})

const DEFAULT_SIZE = { width: 1200, height: 630 }

/**
 * The `onError` of an image the server rendered can fire before React hydrates and listens
 * (a priority image fails first): so, once mounted, an image that finished with no
 * pixels also counts as failed. `decode()` waits for a load still under way; a rejection
 * alone is not enough, since a change of the chosen srcset candidate rejects it too.
 */
function useFailedBeforeHydration(setFailed: (failed: boolean) => void) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || typeof img.decode !== 'function') return
      const broken = () => img.complete && img.naturalWidth === 0 && img.naturalHeight === 0
      img.decode().catch(() => {
        if (broken()) setFailed(true)
      })
    },
    [setFailed],
  )
}

/** Becomes true once the element is within the lazy-loading margin (never on the server). */
function useNearViewport<T extends Element>(eager: boolean): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(eager)
  useEffect(() => {
    if (near || !ref.current) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const { rootMarginPx, threshold } = siteConfig.lazyImages
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: `${rootMarginPx}px`, threshold },
    )
    observer.observe(ref.current)
    return () => observer.disconnect()
  }, [near])
  return [ref, near]
}

export interface ImageProps {
  image: ImageObject | null
  /** The image's layout width, for the browser to pick from srcset. */
  sizes?: string
  /** The first image a visitor sees: load now, with high priority. */
  priority?: boolean
  className?: string
  alt?: string
}

export function Image({ image, sizes = '100vw', priority = false, className, alt }: ImageProps) {
  const service = useContext(ImageServiceContext)
  const [ref, near] = useNearViewport<HTMLSpanElement>(priority)
  const [failed, setFailed] = useState(false)
  const watchFailure = useFailedBeforeHydration(setFailed)
  const width = image?.width || DEFAULT_SIZE.width
  const height = image?.height || DEFAULT_SIZE.height
  const label = alt ?? image?.alt ?? ''
  if (!image || image.error || failed) {
    return (
      <span
        role={label ? 'img' : undefined}
        aria-label={label || undefined}
        aria-hidden={label ? undefined : true}
        className={`block bg-gradient-to-br from-surface-sunken to-line ${className ?? ''}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        data-image-fallback=""
      />
    )
  }
  const source = imageSource(image, service)
  if (near) {
    return (
      <img
        src={source.src}
        srcSet={source.srcSet}
        sizes={source.srcSet ? sizes : undefined}
        width={width}
        height={height}
        alt={label}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
        onError={() => setFailed(true)}
        ref={watchFailure}
        className={className}
      />
    )
  }
  // The placeholder holds the image's exact box (no layout shift) and is what the observer watches.
  return (
    <>
      <span
        ref={ref}
        className={`block ${className ?? ''}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        data-lazy=""
        aria-hidden="true"
      />
      <noscript>
        <img src={source.src} width={width} height={height} alt={label} className={className} />
      </noscript>
    </>
  )
}

export function BackgroundImage({
  image,
  className,
  children,
  priority = false,
}: {
  image: ImageObject | null
  className?: string
  children: ReactNode
  priority?: boolean
}) {
  const service = useContext(ImageServiceContext)
  const [ref, near] = useNearViewport<HTMLDivElement>(priority)
  const [failed, setFailed] = useState(false)
  const watchFailure = useFailedBeforeHydration(setFailed)
  const source = image && !image.error && !failed ? imageSource(image, service) : null
  // An <img> under the content rather than a CSS background: the browser picks the size it
  // needs from srcset (a phone never loads the 2400 px original), and a priority image is
  // preloaded in the head by React like any other.
  return (
    <div ref={ref} className={`relative isolate ${className ?? ''}`} data-background={image ? '' : undefined}>
      {source && near && (
        <img
          src={source.src}
          srcSet={source.srcSet}
          sizes={source.srcSet ? '100vw' : undefined}
          width={image?.width || DEFAULT_SIZE.width}
          height={image?.height || DEFAULT_SIZE.height}
          alt=""
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          onError={() => setFailed(true)}
          ref={watchFailure}
          className="absolute inset-0 -z-10 h-full w-full object-cover"
          data-background-image=""
        />
      )}
      {children}
    </div>
  )
}

/**
 * Requirements §3.1 `background_image`: the page's background, as the custom property
 * the `[data-page-background]` rule of app/styles.css paints (under the theme's veil,
 * sized by CSS: nothing shifts). Loaded at once: it sits behind the top of the page.
 * None for a missing image or one the backend could not produce.
 */
export function pageBackgroundStyle(
  image: ImageObject | null,
  service: { cloudName: string | null; siteUrl: string },
): (CSSProperties & { '--page-background': string; '--page-background-ratio': string }) | undefined {
  if (!image || image.error) return undefined
  // The image's height per width, so the veil thickens to the surface where the image ends.
  const ratio = image.width > 0 && image.height > 0 ? image.height / image.width : 9 / 16
  return {
    '--page-background': `url("${imageSource(image, service).src.replace(/"/g, '%22')}")`,
    '--page-background-ratio': String(Math.round(ratio * 10_000) / 10_000),
  }
}
