/**
 * One link helper for every CMS link (after Payload's website template): internal links go through the
 * router (which adds the locale prefix), external ones are plain anchors, and a new tab
 * is opened only when the backend's `target` says so, with `rel="noopener"`.
 */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

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
      <Link to={href} className={className} {...tabProps} {...rest}>
        {children}
      </Link>
    )
  }
  // An external or non-route href (a feed, a file, mailto:) is a plain anchor.
  return (
    <a href={href} className={className} {...tabProps} {...rest}>
      {children}
    </a>
  )
}
