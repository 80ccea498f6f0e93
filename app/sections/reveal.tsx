/**
 * Requirements §9 scroll animations, for blocks that opt in (`animate: true`): intersection
 * threshold 0, root margin -5% on phones and -20% otherwise. None at all for visitors who
 * prefer reduced motion; content is visible without JavaScript (only sections that start
 * out of view are hidden, after hydration, until they scroll in).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { siteConfig } from '../config/site'

export function Reveal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'static' | 'waiting' | 'shown'>('static')

  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const { threshold, rootMargin } = siteConfig.scrollAnimations
    const margin = window.matchMedia('(max-width: 767px)').matches ? rootMargin.mobile : rootMargin.other
    let first = true
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting)
        if (first) {
          first = false
          // Already on screen: leave it alone rather than make it blink.
          if (visible) {
            observer.disconnect()
            return
          }
          setState('waiting')
          return
        }
        if (visible) {
          setState('shown')
          observer.disconnect()
        }
      },
      { threshold, rootMargin: `0px 0px ${margin} 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  return (
    <div
      ref={ref}
      data-reveal={state}
      className="transition-[opacity,translate] duration-700 ease-out data-[reveal=waiting]:translate-y-6 data-[reveal=waiting]:opacity-0"
    >
      {children}
    </div>
  )
}
