/**
 * One link helper for every CMS link (STYLE.md, Payload): internal links go through the
 * router (which adds the locale prefix), external ones are plain anchors, and a new tab
 * is opened only when the backend's `target` says so, with `rel="noopener"`.
 */
import type { ReactNode } from 'react'
import { RouterLink } from './ui/Link'

export interface CmsLinkProps {
  href: string
  internal: boolean
  newTab?: boolean
  className?: string
  children: ReactNode
  'aria-current'?: 'page'
}

export function CmsLink({ href, internal, newTab = false, className, children, ...rest }: CmsLinkProps) {
  const tabProps = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}
  if (internal && href.startsWith('/')) {
    return (
      <RouterLink to={href} className={className} {...tabProps} {...rest}>
        {children}
      </RouterLink>
    )
  }
  // A plain anchor, not React Aria's Link: under React Aria's RouterProvider that would
  // route a same-origin href (a feed, a file) through the app and add the locale to it.
  return (
    <a href={href} className={className} {...tabProps} {...rest}>
      {children}
    </a>
  )
}
