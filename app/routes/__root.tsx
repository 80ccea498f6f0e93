/// <reference types="vite/client" />
import { createRootRoute, Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { siteConfig } from '../config/site'
import { NotFoundScreen, RouteErrorScreen } from '../components/error-screen'
import { OfflineNotice, RouteAnnouncer, useHydratedSignal } from '../components/shell/document-behaviour'
import { ScrollRestorationFollower, scrollRestoringScript } from '../components/shell/scroll-restoration'
import { BodyScripts, DocumentScripts, HeadTags } from '../components/shell/page-assets'
import { PageDataBlock } from './-page-data-block'
import { LoadingBar } from '../components/shell/loading-bar'
import { ShellProvider } from '../ui/shell-state'
import { getLocale, getTextDirection } from '../paraglide/runtime'
import { ConsentBanner, ConsentPreferences } from '../components/consent/consent-ui'
import { ConsentProvider } from '../ui/consent-state'
import { cookieLocaleRedirectScript } from '../lib/locale-redirect'
import { consentDefaultsScript } from '../lib/tracking'
import { themeScript } from '../lib/theme'
import { tapReplayScript } from '../lib/tap-replay'
import { requestPublicEnv } from '../content-requests'
import { pathnameOf, selectPage, validateSiteSearch } from '../site-rules/page-selection'
// The first of each weight's two files (app/fonts/, written at the build's start: docs/decisions/055).
import inter400 from '../fonts/inter-400-core.woff2?url'
import inter700 from '../fonts/inter-700-core.woff2?url'
import inter900 from '../fonts/inter-900-core.woff2?url'
import appCss from '../styles.css?url'

export const Route = createRootRoute({
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#1645de' },
      { title: siteConfig.productName },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      // The first paint waits until the page's header is parsed whole (HTML's render-blocking
      // `expect` link): on a busy machine the parser could yield mid-header, paint its first
      // buttons, and then shift the navigation when the rest arrived (requirements §11.1, CLS 0).
      { rel: 'expect', href: '#main', blocking: 'render' },
      // The three weights every page uses, fetched with the CSS so they are there for the first
      // paint: the files with English and German text's characters, not the rest of Latin's.
      ...[inter400, inter700, inter900].map((href) => ({
        rel: 'preload',
        as: 'font',
        type: 'font/woff2',
        href,
        crossOrigin: 'anonymous' as const,
      })),
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
      { rel: 'manifest', href: '/manifest.webmanifest' },
    ],
  }),
  // Requirements §2: the search params every page reads, and the URL read once for all loaders below.
  validateSearch: validateSiteSearch,
  beforeLoad: ({ location, search }) => ({ selection: selectPage(pathnameOf(location.publicHref), search) }),
  loader: () => requestPublicEnv(),
  // The public settings hold for the page's whole life: never fetched again in the browser.
  staleTime: Infinity,
  preloadStaleTime: Infinity,
  shellComponent: RootDocument,
  component: Outlet,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteErrorScreen,
})

/**
 * The document's own scripts, in the head (DocumentScripts: run once per document). The colour
 * theme is set before the first paint (requirements §11.4); Consent Mode v2 defaults (all
 * denied) come before any tag can load.
 */
const documentScripts = [
  themeScript(),
  consentDefaultsScript,
  cookieLocaleRedirectScript(),
  // Before the content: every part renders while a recorded position is restored (decision 048).
  scrollRestoringScript(),
  // Before any button: a tap before hydration is made again once the page has hydrated (decision 057).
  tapReplayScript(),
]

/** Requirements §9: hash targets scroll below the navigation bar, a different bar on phones. */
const scrollOffsetCss = `html{scroll-padding-top:${siteConfig.header.navHeightPx.mobile}px}@media (min-width:1024px){html{scroll-padding-top:${siteConfig.header.navHeightPx.desktop}px}}`

/** Each locale's text direction, worked out once (Intl.Locale is slow to build on every render). */
const textDirections = new Map<string, 'ltr' | 'rtl'>()
const textDirection = (locale: string) => textDirections.get(locale) ?? textDirections.set(locale, getTextDirection(locale)).get(locale)!

function RootDocument({ children }: { children: ReactNode }) {
  const locale = getLocale()
  const publicEnv = Route.useLoaderData()
  useHydratedSignal()
  return (
    // The head script sets data-theme and data-theme-choice before React hydrates: the
    // server cannot know them (the page is the same for everyone), so React leaves them be.
    <html lang={locale} dir={textDirection(locale)} suppressHydrationWarning>
      <head>
        <HeadTags />
        <DocumentScripts scripts={documentScripts} />
        <style>{scrollOffsetCss}</style>
      </head>
      <body>
        {/* First, so that it and the page's kept markup after it make one run of shared text (decision 052). */}
        <PageDataBlock />
        {/* React Aria's providers sit around each widget that loads when needed (ui/aria-providers.tsx). */}
        <ConsentProvider env={publicEnv}>
          <ShellProvider>
            <LoadingBar />
            {children}
            <RouteAnnouncer />
            <ScrollRestorationFollower />
            <OfflineNotice />
            <ConsentBanner />
            <ConsentPreferences />
          </ShellProvider>
        </ConsentProvider>
        <BodyScripts />
      </body>
    </html>
  )
}
