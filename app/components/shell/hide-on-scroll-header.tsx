import { useEffect, useRef, useState, type ReactNode } from 'react'
import { siteConfig } from '../../config/site'
import { nextHeaderHidden } from '../../lib/hide-on-scroll'

/** Requirements §2 and §9: a sticky header that slides away on scroll down and back on scroll up. */
export function HideOnScrollHeader({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null)
  const [hidden, setHidden] = useState(false)

  useEffect(() => {
    const header = ref.current
    if (!header) return
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
    let lastY = window.scrollY
    let current = false
    let frame = 0
    const update = () => {
      frame = 0
      const y = window.scrollY
      const next = nextHeaderHidden({
        y,
        lastY,
        hidden: current,
        offset: siteConfig.header.hideOffset,
        downTolerance: siteConfig.header.downTolerance,
        focusWithin: header.contains(document.activeElement),
        reducedMotion: reducedMotion.matches,
      })
      lastY = y
      if (next !== current) {
        current = next
        setHidden(next)
      }
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    const onFocusIn = () => {
      current = false
      setHidden(false)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    header.addEventListener('focusin', onFocusIn)
    return () => {
      window.removeEventListener('scroll', onScroll)
      header.removeEventListener('focusin', onFocusIn)
      cancelAnimationFrame(frame)
    }
  }, [])

  return (
    <header
      ref={ref}
      data-hidden={hidden || undefined}
      className="sticky top-0 z-40 bg-surface shadow-[0_1px_0_0_var(--color-line)] transition-transform duration-300 data-[hidden]:-translate-y-full motion-reduce:transition-none"
    >
      {children}
    </header>
  )
}
