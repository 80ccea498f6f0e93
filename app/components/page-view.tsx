/**
 * The content of one page response, by kind: a page of sections (with search results
 * when `s` was given), a blog listing, or an article. The blog issue enriches the
 * listing and article views.
 */
import { Link, useLocation } from '@tanstack/react-router'
import { publicHref } from '../lib/public-href'
import { m } from '../paraglide/messages'
import { getLocale } from '../paraglide/runtime'
import type { Page, PageData, Post, PostSummary } from '../server/content/types'
import { RenderSections } from '../sections/render-sections'
import { SiteLayout } from './shell/layouts'

export function PageScreen({ data, layout }: { data: PageData; layout: 'default' | 'static' }) {
  const { page } = data
  return (
    <SiteLayout
      layout={layout}
      menus={data.menus}
      options={data.options}
      languages={page.languages}
      breadcrumbs={page.breadcrumbs}
      admin={page.admin}
    >
      <div className={page.bodyClass || undefined} data-page-kind={page.kind}>
        {page.preview && <PreviewRibbon />}
        {page.customCss && <style>{page.customCss}</style>}
        <PageContent page={page} />
      </div>
    </SiteLayout>
  )
}

/** A visible "Preview" ribbon on drafts, with a way out to the public page. */
function PreviewRibbon() {
  const pathname = useLocation({ select: (location) => location.pathname })
  return (
    <div role="note" aria-label={m.preview_ribbon()} className="border-b border-amber-300 bg-amber-100 text-amber-950" data-testid="preview-ribbon">
      <div className="mx-auto flex max-w-site flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm sm:px-6">
        <span className="rounded-full bg-amber-950 px-2.5 py-0.5 text-xs font-black tracking-wider text-amber-100 uppercase">{m.preview_ribbon()}</span>
        <span>{m.preview_ribbon_text()}</span>
        <a href={publicHref(pathname)} className="ml-auto font-bold underline underline-offset-2">
          {m.preview_exit()}
        </a>
      </div>
    </div>
  )
}

function PageContent({ page }: { page: Page }) {
  if (page.kind === 'post' && page.post) return <ArticleView page={page} post={page.post} />
  if (page.kind === 'blog' || page.kind === 'category') {
    const title = page.category ? m.category_heading({ category: page.category.name }) : page.title
    return <BlogListView title={title} posts={page.posts} />
  }
  // SPEC §2: `s` on any page path shows the search results in place of the page.
  if (page.search) return <SearchResultsView search={page.search} />
  const heroFirst = page.sections[0]?.layout === 'hero'
  return (
    <>
      {!heroFirst && (
        <header className="border-b border-slate-100 bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
            <h1 className="text-4xl font-black tracking-tight text-ink sm:text-5xl">{page.title}</h1>
            {page.meta.description && <p className="mt-4 text-lg text-ink-soft">{page.meta.description}</p>}
          </div>
        </header>
      )}
      <RenderSections sections={page.sections} firstIsTitle={heroFirst} />
      {page.pageContentHtml && (
        <div className="cms-html mx-auto max-w-3xl px-4 py-8 sm:px-6" dangerouslySetInnerHTML={{ __html: page.pageContentHtml }} />
      )}
    </>
  )
}

function SearchResultsView({ search }: { search: NonNullable<Page['search']> }) {
  return (
    <section className="mx-auto max-w-site px-4 py-10 sm:px-6" aria-labelledby="search-heading">
      <h1 id="search-heading" className="text-4xl font-black tracking-tight text-ink">
        {m.search_results_heading({ query: search.query })}
      </h1>
      <p className="mt-2 text-ink-muted" role="status">
        {m.search_results_count({ count: new Intl.NumberFormat(getLocale()).format(search.total) })}
      </p>
      {search.results.length === 0 ? (
        <p className="mt-6 text-ink-soft">{m.search_no_results()}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200">
          {search.results.map((hit) => (
            <li key={hit.href} className="py-4">
              <Link to={hit.href} className="text-lg font-bold text-brand-700 hover:underline">
                {hit.title}
              </Link>
              <div className="mt-1 text-sm text-ink-soft" dangerouslySetInnerHTML={{ __html: hit.excerptHtml }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function formatDate(value: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}

export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {post.featuredImage && (
        <img
          src={post.featuredImage.src}
          alt=""
          width={post.featuredImage.width || 1200}
          height={post.featuredImage.height || 630}
          loading="lazy"
          decoding="async"
          className="aspect-[1200/630] w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm text-ink-muted">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          {post.categories[0] && <> · {post.categories[0].name}</>}
        </p>
        <h2 className="mt-2 text-xl font-bold text-ink">
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="hover:text-brand-700">
            {post.title}
          </Link>
        </h2>
        <div className="mt-3 flex-1 text-ink-soft" dangerouslySetInnerHTML={{ __html: post.excerptHtml }} />
      </div>
    </article>
  )
}

export function BlogListView({ title, posts }: { title: string; posts: PostSummary[] }) {
  return (
    <section className="mx-auto max-w-site px-4 py-14 sm:px-6">
      <h1 className="text-4xl font-black tracking-tight text-ink sm:text-5xl">{title}</h1>
      {posts.length === 0 ? (
        <p className="mt-8 text-ink-soft">{m.blog_no_posts()}</p>
      ) : (
        <div className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      )}
    </section>
  )
}

function ArticleView({ post }: { page: Page; post: Post }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <header>
        <p className="text-sm text-ink-muted">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          {post.author && <> · {m.blog_by_author({ author: post.author })}</>}
          {post.readingMinutes && <> · {m.blog_reading_time({ minutes: post.readingMinutes })}</>}
        </p>
        <h1 className="mt-3 text-4xl font-black tracking-tight text-ink sm:text-5xl">{post.title}</h1>
      </header>
      {post.featuredImage && (
        <img
          src={post.featuredImage.src}
          alt={post.featuredImage.alt}
          width={post.featuredImage.width || 1200}
          height={post.featuredImage.height || 630}
          className="mt-8 aspect-[1200/630] w-full rounded-2xl object-cover"
        />
      )}
      <div className="cms-html mt-8 text-lg" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
      {post.tags.length > 0 && (
        <ul className="mt-10 flex flex-wrap gap-2" aria-label={m.blog_tags()}>
          {post.tags.map((tag) => (
            <li key={tag.id}>
              <Link
                to="/blog/tag/{-$id}"
                params={{ id: tag.slug }}
                className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-bold text-brand-800 hover:bg-brand-100"
              >
                #{tag.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
