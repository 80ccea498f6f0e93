/**
 * Pages: the page answer (`GET /api/v1/base/{pageName}`: the page in its frame of menus
 * and options, an article under `blog/{slug}`, search results with `s`, the blog listing
 * with `category`), signed previews of drafts, and `GET /api/v1/layout/{path}`.
 */
import type { z } from 'zod'
import type { wireBaseResponse } from '../app/contract/wire'
import type { wirePageResult } from '../app/contract/wire-page'
import { verifyPreview } from '../app/contract/preview-token.server'
import { siteConfig } from '../app/config/site'
import { cmsConfig } from './config'
import type { LocaleContent, PageFile } from './content-store'
import { contentFor, languagesFor, published, type CmsContext } from './context'
import { formDefinitions } from './form-definitions'
import { errorBody, json } from './http'
import { categoryPath, isUnderBlog, localePrefix, pagePath, postSlugOf } from './paths'
import { countTerms, postResult, recentPosts, summarize } from './posts'
import { searchResultsFor } from './search-results'

type BaseResponse = z.input<typeof wireBaseResponse>
type PageResult = z.input<typeof wirePageResult>

const { homeSlug } = siteConfig.content

/** The page answer: the result in the locale's frame (menus and options). */
function baseResponse(content: LocaleContent, result: PageResult): BaseResponse {
  return { result: { page: { data: { result } }, menu: content.menus, options: content.options } }
}

/** A page's result: its fields and sections, the forms its sections show, search results, and the blog listing on the blog page. */
async function pageResult(ctx: CmsContext, content: LocaleContent, page: PageFile, url: URL): Promise<PageResult> {
  const prefix = localePrefix(content.locale, ctx.defaultLocale)
  const adminUrl = ctx.adminUrl(url)
  const posts = published(content)
  const home = content.pages.get(homeSlug)
  const crumbs =
    page.path === homeSlug
      ? []
      : [
          { url: `${prefix}${pagePath(homeSlug)}`, title: home?.title ?? 'Home' },
          { url: `${prefix}${pagePath(page.path)}`, title: page.title },
        ]
  const result: PageResult = {
    id: page.id,
    slug: page.path,
    title: page.title,
    type: page.type,
    featured_image: page.featured_image,
    background_image: page.background_image,
    body_classes: page.body_classes,
    custom_css: page.custom_css,
    dev_mode: url.searchParams.get(siteConfig.devMode.queryParam) === 'true',
    lang: await languagesFor(ctx, page.key, 'page', content.locale),
    meta: { title: page.title, ...page.meta },
    schema: page.schema,
    options: { layout: page.layout },
    admin_bar: { dashboard_url: adminUrl, edit_post_url: `${adminUrl}/post.php?post=${page.id}&action=edit`, page_layout: page.layout },
    chat: page.chat === true ? (content.chat ?? false) : page.chat,
    error: page.error,
    content: {
      sections: page.sections,
      notifications: page.notifications,
      widgets: page.widgets,
      breadcrumbs: crumbs,
      // Every form a section shows (`form_id`), beside the page's own shortcode data.
      shortcode_data: {
        ...formDefinitions(
          content,
          page.sections.map((section) => section.form_id),
        ),
        ...page.shortcode_data,
      },
      customOptions: page.customOptions,
      pageContent: page.pageContent,
      recent_posts: recentPosts(content),
    },
  }
  const search = await searchResultsFor(ctx, content.locale, url)
  if (search) result.content!.search = search
  if (page.type === 'blog') {
    const slug = url.searchParams.get('category')
    const category = slug ? content.categories.find((term) => term.slug === slug) : undefined
    if (slug && !category) return { ...result, error: true }
    const listed = category ? posts.filter((post) => post.categories.includes(category.slug)) : posts
    const perPage = cmsConfig.posts.defaultPerPage
    const { categories, tags } = countTerms(content, posts)
    result.content = {
      ...result.content,
      filtered_blogs: listed.slice(0, perPage).map((post) => summarize(post, content)),
      pagination: { page: 1, per_page: perPage, total: listed.length, total_pages: Math.ceil(listed.length / perPage) },
      categories,
      tags,
      category: category ?? null,
      breadcrumbs: category ? [...crumbs, { url: `${prefix}${categoryPath(category.slug)}`, title: category.name }] : crumbs,
    }
    if (category) result.meta = { ...result.meta, title: `${category.name} – ${page.title}` }
  }
  return result
}

/** A draft (or any document) by id, only for a valid signed preview link (docs/content-api.md, Previews of drafts). */
async function previewDocument(ctx: CmsContext, content: LocaleContent, url: URL): Promise<BaseResponse | null> {
  const id = url.searchParams.get('preview_id')
  if (!id) return null
  const claim = { id, expires: url.searchParams.get('preview_expires') ?? '', token: url.searchParams.get('preview_token') ?? '' }
  if (!verifyPreview(claim, ctx.previewSecret, Math.floor(Date.now() / 1000))) return null
  const page = [...content.pages.values()].find((candidate) => String(candidate.id) === id)
  if (page) return baseResponse(content, { ...(await pageResult(ctx, content, page, url)), preview: page.status === 'draft' })
  const post = content.posts.find((candidate) => String(candidate.id) === id)
  if (post) return baseResponse(content, { ...(await postResult(ctx, content, post, url)), preview: post.status === 'draft' })
  return null
}

/** GET /api/v1/base/{pageName}?locale=: a signed preview, else the published page, else the article under blog/{slug}, else 404 with the frame. */
export async function getBase(ctx: CmsContext, url: URL, pageName: string): Promise<Response> {
  const content = await contentFor(ctx, url)
  if (!content) return json(errorBody('rest_invalid_param', 'Unknown locale', 400), 400)
  const name = pageName === '' ? homeSlug : pageName
  const draft = await previewDocument(ctx, content, url)
  if (draft) return json(draft)
  const page = content.pages.get(name)
  if (page && page.status === 'publish') return json(baseResponse(content, await pageResult(ctx, content, page, url)))
  const slug = postSlugOf(name)
  const post = slug ? published(content).find((p) => p.slug === slug) : undefined
  if (post) return json(baseResponse(content, await postResult(ctx, content, post, url)))
  return json(errorBody('not_found', 'Page not found', 404, content), 404)
}

/** GET /api/v1/layout/{path}?locale=: a published page's layout, `default` anywhere under the blog, else `{}` with 404. */
export async function getLayout(ctx: CmsContext, url: URL, pagePathName: string): Promise<Response> {
  const content = await contentFor(ctx, url)
  const name = pagePathName === '' ? homeSlug : pagePathName
  const page = content?.pages.get(name)
  if (page && page.status === 'publish') return json({ layout: page.layout })
  if (content && isUnderBlog(name)) return json({ layout: 'default' })
  return json({}, 404)
}
