/**
 * React Aria's providers for the widgets that load when needed (menus, dialogs, forms):
 * the page's locale for its built-in strings and dates, and the router for its links.
 * They sit around each widget rather than around the page, so the first load carries no
 * React Aria at all (docs/decisions/009).
 */
import { useRouter, type NavigateOptions } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { I18nProvider, RouterProvider } from 'react-aria-components'
import { publicHref } from '../../lib/public-href'
import { getLocale } from '../../paraglide/runtime'

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: Omit<NavigateOptions, 'to' | 'href'>
  }
}

export function AriaProviders({ children }: { children: ReactNode }) {
  const router = useRouter()
  return (
    <I18nProvider locale={getLocale()}>
      <RouterProvider navigate={(href, options) => router.navigate({ ...options, href })} useHref={publicHref}>
        {children}
      </RouterProvider>
    </I18nProvider>
  )
}
