/**
 * The content of one page response, by kind: a page of sections (or search results
 * when `s` was given), a blog listing, or an article.
 */
import { useSuspenseQuery } from '@tanstack/react-query'
import { useLoaderData, useLocation } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { publicHref } from '../lib/public-href'
import { siteConfig, type Locale } from '../../app.config'
import { m } from '../paraglide/messages'
import type { ListingPage, Page, PageData } from '../content/model'
import type { PageQuery, PostsFilter } from '../content/queries'
import { pageQueryOptions } from '../server/content.functions'
import { SectionPageContext } from '../sections/page-context'
import { RenderSections } from '../sections/render-sections'
import { ArticleView } from './blog/article'
import { CloseIcon } from './icons'
import { Image, ImageServiceContext } from './media/image'
import { Button } from './ui/Button'
import { PostListing } from './blog/post-listing'
import { SearchResults } from './search/search-results'
import { SiteLayout } from './shell/layouts'

export interface PageScreenProps {
  query: PageQuery
  layout: 'default' | 'static'
  /** The page of a blog listing the URL asked for (`?page=N`). */
  listPage: number
}

/** The screen of every page route: the page its loader ensured, read from the same query. */
export function PageScreen({ query, layout, listPage }: PageScreenProps) {
  const { data } = useSuspenseQuery(pageQueryOptions(query))
  const { page } = data
  const { locale } = query
  const publicEnv = useLoaderData({ from: '__root__' })
  return (
    <ImageServiceContext.Provider value={{ cloudName: publicEnv.IMAGE_CLOUD_NAME, siteUrl: data.options.siteUrl }}>
      <SiteLayout
        layout={layout}
        menus={data.menus}
        options={data.options}
        languages={page.languages}
        breadcrumbs={page.breadcrumbs}
        admin={page.admin}
      >
        <div className={page.bodyClass || undefined} data-page-kind={page.kind} data-page={page.scopeId}>
          <Notifications items={page.notifications} />
          {page.preview && <PreviewRibbon />}
          {page.customCss && <style>{page.customCss}</style>}
          <PageContent data={data} locale={locale} listPage={listPage} />
        </div>
      </SiteLayout>
    </ImageServiceContext.Provider>
  )
}

/**
 * SPEC §3 content.notifications: dismissible banners. A dismissed notification stays
 * dismissed for the visitor (remembered in the browser, so the page's HTML stays shared).
 */
function Notifications({ items }: { items: Page['notifications'] }) {
  const [dismissed, setDismissed] = useState<string[]>([])
  useEffect(() => {
    try {
      const stored: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_KEY) ?? '[]')
      setDismissed(Array.isArray(stored) ? stored.filter((value): value is string => typeof value === 'string') : [])
    } catch {
      setDismissed([])
    }
  }, [])
  const visible = items.filter((item) => !dismissed.includes(item.id))
  if (visible.length === 0) return null
  const dismiss = (id: string) => {
    const next = [...dismissed, id]
    setDismissed(next)
    try {
      window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(next.slice(-50)))
    } catch {
      // Private mode: dismissed for this page view only.
    }
  }
  return (
    <div className="border-b border-brand-100 bg-brand-50">
      {visible.map((item) => (
        <div
          key={item.id}
          role="status"
          className="mx-auto flex max-w-site items-start gap-4 px-4 py-3 text-sm text-brand-950 sm:px-6"
          data-notification={item.type}
        >
          <div className="cms-html flex-1 [&_p]:my-0" dangerouslySetInnerHTML={{ __html: item.messageHtml }} />
          <Button variant="icon" aria-label={m.notification_dismiss()} onPress={() => dismiss(item.id)} className="-my-2 h-9 w-9 shrink-0">
            <CloseIcon size={18} />
          </Button>
        </div>
      ))}
    </div>
  )
}

const DISMISSED_KEY = 'dismissed-notifications'

/** A visible "Preview" ribbon on drafts, with a way out to the public page. */
function PreviewRibbon() {
  const pathname = useLocation({ select: (location) => location.pathname })
  return (
    <div
      role="note"
      aria-label={m.preview_ribbon()}
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
      data-testid="preview-ribbon"
    >
      <div className="mx-auto flex max-w-site flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm sm:px-6">
        <span className="rounded-full bg-amber-950 px-2.5 py-0.5 text-xs font-black tracking-wider text-amber-100 uppercase">
          {m.preview_ribbon()}
        </span>
        <span>{m.preview_ribbon_text()}</span>
        <a href={publicHref(pathname)} className="ml-auto font-bold underline underline-offset-2">
          {m.preview_exit()}
        </a>
      </div>
    </div>
  )
}

/** The blog listing's filter for a blog or category page (the tag page builds its own). */
export function listingFilter(page: ListingPage, locale: Locale): PostsFilter {
  return { locale, category: page.category?.slug, perPage: siteConfig.content.postsPerPage }
}

function PageContent({ data, locale, listPage }: { data: PageData; locale: Locale; listPage: number }) {
  const { page } = data
  if (page.kind === 'post') return <ArticleView page={page} options={data.options} />
  // SPEC §2: `s` on any page path shows the search results in place of the page.
  if (page.search) return <SearchResults search={page.search} suggestions={data.menus.primary} />
  if (page.kind !== 'page') {
    const title = page.category ? m.category_heading({ category: page.category.name }) : page.title
    return <PostListing title={title} filter={listingFilter(page, locale)} startPage={listPage} />
  }
  const heroFirst = page.sections[0]?.layout === 'hero'
  return (
    <>
      {!heroFirst && (
        <header className="border-b border-slate-100 bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
            <h1 className="text-4xl font-black tracking-tight text-ink sm:text-5xl">{page.title}</h1>
            {page.meta.description && <p className="mt-4 text-lg text-ink-soft">{page.meta.description}</p>}
          </div>
          {page.featuredImage && (
            <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
              <Image
                image={page.featuredImage}
                priority
                sizes="(min-width: 1024px) 64rem, 100vw"
                className="w-full rounded-2xl object-cover"
              />
            </div>
          )}
        </header>
      )}
      <SectionPageContext.Provider value={{ page, ownOrigins: data.options.ownOrigins }}>
        <RenderSections sections={page.sections} firstIsTitle={heroFirst} />
      </SectionPageContext.Provider>
      {page.pageContentHtml && (
        <div className="cms-html mx-auto max-w-3xl px-4 py-8 sm:px-6" dangerouslySetInnerHTML={{ __html: page.pageContentHtml }} />
      )}
    </>
  )
}
