/**
 * Blog posts: the summary every listing carries, an article's page answer
 * (`GET /api/v1/base/blog/{slug}`), the post listing (`GET /api/v1/posts`) and the
 * terms (`GET /api/wp/v2/tags`, `…/categories`).
 */
import type { z } from 'zod'
import type { wirePostsResponse } from '../app/contract/wire'
import type { wirePageResult } from '../app/contract/wire-page'
import type { wirePost, wirePostSummary } from '../app/contract/wire-posts'
import { siteConfig } from '../app/config/site'
import { cmsConfig } from './config'
import { commentsOf } from './comments'
import type { LocaleContent, PostRecord } from './content-store'
import { contentFor, languagesFor, positiveInt, published, type CmsContext } from './context'
import { errorBody, json } from './http'
import { itemList } from './items'
import { localePrefix, pagePath, postPageName, postPath } from './paths'
import { escapeHtml } from './search'

type PageResult = z.input<typeof wirePageResult>
type PostSummary = z.input<typeof wirePostSummary>

const { homeSlug, blogBase } = siteConfig.content

/** A post as listings carry it: the excerpt as a paragraph, its terms in full. */
export function summarize(post: PostRecord, content: LocaleContent): PostSummary {
  const terms = (slugs: string[], list: LocaleContent['categories']) => slugs.flatMap((s) => list.filter((term) => term.slug === s))
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: `<p>${escapeHtml(post.excerpt)}</p>`,
    date: post.date,
    modified: post.modified,
    author: { name: post.author },
    featured_image: post.featured_image,
    categories: terms(post.categories, content.categories),
    tags: terms(post.tags, content.tags),
    reading_minutes: post.readingMinutes,
  }
}

/** Every category and tag with the number of these posts that carry it. */
export function countTerms(content: LocaleContent, posts: PostRecord[]) {
  const count = (slugOf: (p: PostRecord) => string[], list: LocaleContent['tags']) =>
    list.map((term) => ({ ...term, count: posts.filter((p) => slugOf(p).includes(term.slug)).length }))
  return { categories: count((p) => p.categories, content.categories), tags: count((p) => p.tags, content.tags) }
}

/** The most recent published posts, leaving out the one with `exceptId`. */
export function recentPosts(content: LocaleContent, exceptId?: number): PostSummary[] {
  return published(content)
    .filter((post) => post.id !== exceptId)
    .slice(0, cmsConfig.posts.recentCount)
    .map((post) => summarize(post, content))
}

/** An article's page result: the post in full, its neighbours, the blog's widgets and its approved comments. */
export async function postResult(ctx: CmsContext, content: LocaleContent, post: PostRecord, url: URL): Promise<PageResult> {
  const prefix = localePrefix(content.locale, ctx.defaultLocale)
  const adminUrl = ctx.adminUrl(url)
  const home = content.pages.get(homeSlug)
  const blog = content.pages.get(blogBase)
  const full: z.input<typeof wirePost> = { ...summarize(post, content), content: post.html }
  const ordered = published(content)
  const index = ordered.findIndex((other) => other.id === post.id)
  const neighbour = (other: PostRecord | undefined) => (other ? { slug: other.slug, title: other.title } : null)
  const comments = await commentsOf(ctx, post.id)
  const { categories, tags } = countTerms(content, ordered)
  return {
    id: post.id,
    slug: postPageName(post.slug),
    title: post.title,
    type: 'post',
    featured_image: post.featured_image,
    dev_mode: url.searchParams.get(siteConfig.devMode.queryParam) === 'true',
    lang: await languagesFor(ctx, post.key, 'post', content.locale),
    meta: {
      title: post.title,
      description: post.excerpt,
      author: post.author,
      'og:title': post.title,
      'og:desc': post.excerpt,
      ...(post.featured_image ? { 'og:img': post.featured_image.url } : {}),
    },
    options: { layout: 'default' },
    admin_bar: { dashboard_url: adminUrl, edit_post_url: `${adminUrl}/post.php?post=${post.id}&action=edit`, page_layout: 'single' },
    chat: content.chat ?? false,
    content: {
      blog_post: full,
      breadcrumbs: [
        { url: `${prefix}${pagePath(homeSlug)}`, title: home?.title ?? 'Home' },
        { url: `${prefix}${pagePath(blogBase)}`, title: blog?.title ?? 'Blog' },
        { url: `${prefix}${postPath(post.slug)}`, title: post.title },
      ],
      recent_posts: recentPosts(content, post.id),
      categories,
      tags,
      widgets: blog?.widgets ?? {},
      // Ours: newer and older articles, and the approved comments.
      previous_post: neighbour(ordered[index + 1]),
      next_post: neighbour(index > 0 ? ordered[index - 1] : undefined),
      comments,
    },
  }
}

/** GET /api/v1/posts?locale=&posts_per_page=&page=&tag=&cat=&s=&type= */
export async function getPosts(ctx: CmsContext, url: URL): Promise<Response> {
  const content = await contentFor(ctx, url)
  if (!content) return json(errorBody('rest_invalid_param', 'Unknown locale', 400), 400)
  const params = url.searchParams
  // `type`: a content type's listing (decision 029); absent or `post`: the blog's posts.
  const type = params.get('type')
  if (type !== null && type !== '' && type !== 'post') return json(itemList(content, type, url))
  const perPage = positiveInt(params.get('posts_per_page'), cmsConfig.posts.defaultPerPage, cmsConfig.posts.maxPerPage)
  const page = positiveInt(params.get('page'), 1, cmsConfig.posts.maxPage)
  const tag = params.get('tag')
  const cat = params.get('cat')
  const s = params.get('s')?.trim().toLowerCase()
  const tagTerm = tag ? content.tags.find((t) => String(t.id) === tag || t.slug === tag) : undefined
  const catTerm = cat ? content.categories.find((t) => String(t.id) === cat || t.slug === cat) : undefined
  let posts = published(content)
  if (tag) posts = tagTerm ? posts.filter((p) => p.tags.includes(tagTerm.slug)) : []
  if (cat) posts = catTerm ? posts.filter((p) => p.categories.includes(catTerm.slug)) : []
  if (s) posts = posts.filter((p) => `${p.title} ${p.excerpt} ${p.text}`.toLowerCase().includes(s))
  const body: z.input<typeof wirePostsResponse> = {
    result: {
      blog_posts: posts.slice((page - 1) * perPage, page * perPage).map((post) => summarize(post, content)),
      pagination: { page, per_page: perPage, total: posts.length, total_pages: Math.ceil(posts.length / perPage) },
    },
  }
  return json(body)
}

/** GET /api/wp/v2/tags and /api/wp/v2/categories, optionally `?slug=`, as WordPress answers: a plain list. */
export async function getTerms(ctx: CmsContext, url: URL, kind: 'tags' | 'categories'): Promise<Response> {
  const content = await contentFor(ctx, url)
  if (!content) return json([], 200)
  const slug = url.searchParams.get('slug')
  const list = content[kind]
  return json(slug === null ? list : list.filter((term) => term.slug === slug))
}
