/**
 * The error screen (requirements §2 Shell, §8): 'WHOOPS!', the text and 'GO TO HOMEPAGE'
 * linking to the company's main site. One screen knows every status; if rendering it
 * fails, a bare fallback says so and links home. No error detail reaches the visitor.
 */
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react'
import type { ErrorComponentProps, NotFoundRouteProps } from '@tanstack/react-router'
import { isContentUnavailable } from '../lib/errors'
import { reloadAfterChunkError } from '../ui/chunk-reload'
import { m } from '../paraglide/messages'
import { fallbackOptions } from '../site-rules/site-defaults'
import type { Menus, SiteOptions } from '../contract/model'
import { SiteLayout } from './shell/layouts'
import { localizePath } from '../lib/url'
import { getLocale } from '../paraglide/runtime'

type ErrorKind = 'page-not-found' | 'route-not-found' | 'unavailable' | 'error'

interface ErrorScreenProps {
  kind: ErrorKind
  menus?: Menus | null
  options?: SiteOptions | null
}

function statusText(kind: ErrorKind): string {
  switch (kind) {
    case 'page-not-found':
      return m.error_page_not_found()
    case 'route-not-found':
      return m.error_route_not_found()
    case 'unavailable':
      return m.error_unavailable_status()
    case 'error':
      return m.error_generic_text()
  }
}

function ErrorScreen({ kind, menus = null, options = null }: ErrorScreenProps) {
  const site = options ?? fallbackOptions
  const notFound = kind === 'page-not-found' || kind === 'route-not-found'
  return (
    <ErrorScreenBoundary>
      <SiteLayout layout="default" menus={menus} options={site}>
        <TestBuildFault />
        <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center" aria-labelledby="error-heading">
          <p className="text-sm font-bold tracking-widest text-link uppercase">{statusText(kind)}</p>
          <h1 id="error-heading" className="mt-4 text-5xl font-black tracking-tight text-ink sm:text-7xl">
            {m.error_heading()}
          </h1>
          <p className="mt-6 text-lg text-ink-soft">{notFound ? m.error_not_found_text() : m.error_unavailable_text()}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            {!notFound && (
              <a href="" className="rounded-full border-2 border-link px-8 py-3 font-bold text-link hover:bg-tint">
                {m.error_try_again()}
              </a>
            )}
            <a
              href={site.hostUrl}
              className="rounded-full bg-brand-700 px-8 py-3 font-bold tracking-wide text-white shadow-sm hover:bg-brand-800"
            >
              {m.error_go_home()}
            </a>
          </div>
        </section>
      </SiteLayout>
    </ErrorScreenBoundary>
  )
}

/**
 * A fault only a test build has: built with `VITE_TEST_FAULTS=error-screen`, the error
 * screen throws while rendering, so a test sees the fallback below in a real build
 * (tests/integration/test-build.test.ts). In any other build the condition is a constant
 * the bundler drops.
 */
function TestBuildFault() {
  if (import.meta.env.VITE_TEST_FAULTS === 'error-screen') throw new Error('the error screen failed (a fault of this test build)')
  return null
}

interface BoundaryState {
  failed: boolean
}

/** Requirements §2: "If the error page itself fails: 'An error occurred while showing the error page' with a link back home." */
export class ErrorScreenBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false }

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[error-screen] failed to render', error.message, info.componentStack?.split('\n')[1]?.trim())
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return <ErrorFallback />
  }
}

/**
 * What shows when the error screen cannot: in the browser, by the boundary above; on the
 * server, where React has no error boundaries, by the server entry as a document of its own
 * (app/server/render/render-failed.server.tsx). Plain markup that needs nothing that could have failed.
 */
export function ErrorFallback() {
  return (
    <main id="main" style={{ fontFamily: 'system-ui, sans-serif', padding: '4rem 1rem', textAlign: 'center' }}>
      <p role="alert">{fallbackText('error_fallback_text', 'An error occurred while showing the error page')}</p>
      <p>
        <a href={homeHref()}>{fallbackText('error_fallback_home', 'Back to the home page')}</a>
      </p>
    </main>
  )
}

/**
 * The fallback must render even if the message catalog is what broke. Messages are read
 * by name (never `m[key]`), so the bundler keeps only the messages a page uses.
 */
function fallbackText(key: 'error_fallback_text' | 'error_fallback_home', english: string): string {
  try {
    return key === 'error_fallback_text' ? m.error_fallback_text() : m.error_fallback_home()
  } catch {
    return english
  }
}

/** The home page in the visitor's language; the site's root if even the locale cannot be read. */
function homeHref(): string {
  try {
    return localizePath('/', getLocale())
  } catch {
    return '/'
  }
}

/** The frame a not-found answer may carry (ContentNotFoundError.frame). */
function isFrame(data: unknown): data is { menus: Menus; options: SiteOptions } {
  return typeof data === 'object' && data !== null && 'menus' in data && 'options' in data
}

export function NotFoundScreen(props: NotFoundRouteProps) {
  const frame = isFrame(props.data) ? props.data : null
  return <ErrorScreen kind={frame ? 'page-not-found' : 'route-not-found'} menus={frame?.menus} options={frame?.options} />
}

export function RouteErrorScreen({ error }: ErrorComponentProps) {
  // Requirements §8: a chunk that failed to load (after a deploy) reloads the page, at most once a minute.
  useEffect(() => {
    reloadAfterChunkError(error)
  }, [error])
  return <ErrorScreen kind={isContentUnavailable(error) ? 'unavailable' : 'error'} />
}
