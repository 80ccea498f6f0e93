/**
 * A part of the page's frame (the footer, the navigation bar) whose server markup is
 * rendered once per key and sent again, and which the browser hydrates as if it had been
 * rendered in place (docs/decisions/042). Its root element is rendered here, on both sides,
 * so that hydration finds the same element whether its content was kept or not.
 */
import { RouterContextProvider, useRouter } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import type { KeptMarkup } from './kept-markup'

interface KeptFramePartProps {
  keeper: KeptMarkup
  markupKey: string
  tag: 'div' | 'footer' | 'nav'
  className: string
  attributes?: Record<string, string>
  /** The providers the content reads besides the router's, around it: it is rendered apart from the page. */
  contexts: (content: ReactElement) => ReactElement
  children: ReactElement
}

export function KeptFramePart({ keeper, markupKey, tag: Tag, className, attributes, contexts, children }: KeptFramePartProps) {
  const router = useRouter()
  const html = keeper(markupKey, null, <RouterContextProvider router={router}>{contexts(children)}</RouterContextProvider>, 'frame')
  // Not kept (it used an id, preloaded a resource, suspended or failed): rendered in place, where the page's renderer handles it.
  if (html === null)
    return (
      <Tag {...attributes} className={className}>
        {children}
      </Tag>
    )
  return <Tag {...attributes} className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
