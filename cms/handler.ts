/**
 * The embedded CMS: the content API contract (SPEC §7, docs/content-api.md) as a fetch
 * handler, Request → Response, over the files in content/ and its SQLite store (form
 * entries in forms.ts, accounts in users.ts). The site calls it in-process when
 * CONTENT_API_URL is unset; `npm run cms` serves it over HTTP.
 */
import type { z } from 'zod'
import type {
  wireBaseResponse,
  wireLanguage,
  wirePageResult,
  wirePost,
  wirePostSummary,
  wirePostsResponse,
  wirePopupResponse,
} from '../app/content/wire'
import { siteConfig } from '../app.config'
import { verifyPreview } from '../app/content/preview-token.server'
import type { ContentStore, LocaleContent, PageFile, PostRecord } from './content-store'
import { publicFormDefinition, submitForm } from './forms'
import { errorBody, json } from './http'
import type { Mailer } from './mail'
import { createRateLimiter } from './rate-limit'
import { escapeHtml, type SearchIndex } from './search'
import { createAccounts } from './users'
import type { Client } from '@libsql/client'

type Json = z.input<typeof wireBaseResponse>
type PageResult = z.input<typeof wirePageResult>
type PostSummary = z.input<typeof wirePostSummary>

export interface CmsOptions {
  store: ContentStore
  defaultLocale: string
  /** Language names for the page's language list. */
  languageNames?: Record<string, string>
  /** Where "edit this page" links point (the admin bar). */
  adminUrl?: string
  /** Verifies signed preview links; without it, drafts are never shown. */
  previewSecret?: string
  /** Full-text search over the same content (cms/search.ts). */
  search: SearchIndex
  /** The SQLite store: comments, form entries, accounts, sessions, reset tokens, outbox. */
  database?: () => Promise<Client>
  /** Where uploaded form files are written (CMS_UPLOAD_DIR); default `data/uploads`. */
  uploadDir?: string
  /** Sends the password reset mail; without it the mail is only written to the outbox. */
  mailer?: Mailer
  /** Origins a password reset link may point at besides loopback and host_url (SITE_URL). */
  siteOrigins?: readonly string[]
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch' }
const MAX_PER_PAGE = 50
const DEFAULT_PER_PAGE = 9

function positiveInt(value: string | null, fallback: number, max: number): number {
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback
}

function localePrefix(locale: string, defaultLocale: string): string {
  return locale === defaultLocale ? '' : `/${locale}`
}

function summarize(post: PostRecord, content: LocaleContent): PostSummary {
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

function countTerms(content: LocaleContent, posts: PostRecord[]) {
  const count = (slugOf: (p: PostRecord) => string[], list: LocaleContent['tags']) =>
    list.map((term) => ({ ...term, count: posts.filter((p) => slugOf(p).includes(term.slug)).length }))
  return { categories: count((p) => p.categories, content.categories), tags: count((p) => p.tags, content.tags) }
}

export function createCmsHandler(options: CmsOptions): (request: Request) => Promise<Response> {
  const { store, defaultLocale } = options
  const names = { ...LANGUAGE_NAMES, ...options.languageNames }
  const adminUrl = options.adminUrl ?? 'http://localhost:3001/wp-admin'
  const uploadDir = options.uploadDir ?? 'data/uploads'
  const accounts = options.database
    ? createAccounts({
        database: options.database,
        mailer: options.mailer,
        limiter: createRateLimiter(),
        siteOrigins: options.siteOrigins ?? [],
        defaultSubject: siteConfig.forms.passwordResetSubject,
      })
    : null

  async function contentFor(url: URL): Promise<LocaleContent | null> {
    return store.get(url.searchParams.get('locale') || defaultLocale)
  }

  function published(content: LocaleContent): PostRecord[] {
    return content.posts.filter((post) => post.status === 'publish')
  }

  async function languagesFor(key: string, kind: 'page' | 'post', currentLocale: string): Promise<z.input<typeof wireLanguage>[]> {
    const list: z.input<typeof wireLanguage>[] = []
    for (const locale of store.locales()) {
      const other = await store.get(locale)
      if (!other) continue
      const prefix = localePrefix(locale, defaultLocale)
      if (kind === 'page') {
        const page = [...other.pages.values()].find((p) => p.key === key && p.status === 'publish')
        if (page)
          list.push({
            code: locale,
            name: names[locale] ?? locale,
            url: `${prefix}/${page.path === 'home' ? '' : page.path}`,
            active: locale === currentLocale,
          })
      } else {
        const post = other.posts.find((p) => p.key === key && p.status === 'publish')
        if (post)
          list.push({ code: locale, name: names[locale] ?? locale, url: `${prefix}/blog/${post.slug}`, active: locale === currentLocale })
      }
    }
    return list
  }

  /** The definitions of the forms with these ids (unknown ids are left out), keyed by id. */
  function formDefinitions(content: LocaleContent, ids: unknown[]): NonNullable<PageResult['content']>['shortcode_data'] {
    const definitions: Record<string, ReturnType<typeof publicFormDefinition>> = {}
    for (const id of ids) {
      const form = typeof id === 'string' || typeof id === 'number' ? content.forms.get(String(id)) : undefined
      if (form) definitions[String(form.id)] = publicFormDefinition(form)
    }
    return definitions
  }

  function baseResponse(content: LocaleContent, result: PageResult): Json {
    return { result: { page: { data: { result } }, menu: content.menus, options: content.options } }
  }

  async function pageResult(content: LocaleContent, page: PageFile, url: URL): Promise<PageResult> {
    const prefix = localePrefix(content.locale, defaultLocale)
    const posts = published(content)
    const home = content.pages.get('home')
    const crumbs =
      page.path === 'home'
        ? []
        : [
            { url: `${prefix}/`, title: home?.title ?? 'Home' },
            { url: `${prefix}/${page.path}`, title: page.title },
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
      dev_mode: url.searchParams.get('dev') === 'true',
      lang: await languagesFor(page.key, 'page', content.locale),
      meta: { title: page.title, ...page.meta },
      schema: page.schema,
      options: { layout: page.layout },
      admin_bar: { dashboard_url: adminUrl, edit_post_url: `${adminUrl}/post.php?post=${page.id}&action=edit`, page_layout: page.layout },
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
        recent_posts: posts.slice(0, 3).map((post) => summarize(post, content)),
      },
    }
    const s = url.searchParams.get('s')
    if (s !== null && s.trim() !== '') {
      const query = s.trim().slice(0, 200)
      const answer = await options.search.search(content.locale, query, {
        page: positiveInt(url.searchParams.get('page'), 1, 1000),
        perPage: 10,
      })
      result.content!.search = {
        query: answer.query,
        total: answer.total,
        page: answer.page,
        per_page: answer.perPage,
        corrected: answer.corrected,
        results: answer.results,
      }
    }
    if (page.type === 'blog') {
      const slug = url.searchParams.get('category')
      const category = slug ? content.categories.find((term) => term.slug === slug) : undefined
      if (slug && !category) return { ...result, error: true }
      const listed = category ? posts.filter((post) => post.categories.includes(category.slug)) : posts
      const perPage = DEFAULT_PER_PAGE
      const { categories, tags } = countTerms(content, posts)
      result.content = {
        ...result.content,
        filtered_blogs: listed.slice(0, perPage).map((post) => summarize(post, content)),
        pagination: { page: 1, per_page: perPage, total: listed.length, total_pages: Math.ceil(listed.length / perPage) },
        categories,
        tags,
        category: category ?? null,
        breadcrumbs: category ? [...crumbs, { url: `${prefix}/blog/category/${category.slug}`, title: category.name }] : crumbs,
      }
      if (category) result.meta = { ...result.meta, title: `${category.name} – ${page.title}` }
    }
    return result
  }

  async function postResult(content: LocaleContent, post: PostRecord, url: URL): Promise<PageResult> {
    const prefix = localePrefix(content.locale, defaultLocale)
    const home = content.pages.get('home')
    const blog = content.pages.get('blog')
    const summary = summarize(post, content)
    const full: z.input<typeof wirePost> = { ...summary, content: post.html }
    const ordered = published(content)
    const index = ordered.findIndex((other) => other.id === post.id)
    const neighbour = (other: PostRecord | undefined) => (other ? { slug: other.slug, title: other.title } : null)
    const approved = options.database
      ? (
          await (
            await options.database()
          ).execute({
            sql: "SELECT id, author_name, content, created_at FROM comments WHERE post_id = ? AND status = 'approved' ORDER BY created_at",
            args: [post.id],
          })
        ).rows.map((row) => ({
          id: Number(row.id),
          author: String(row.author_name),
          date: String(row.created_at),
          content: `<p>${escapeHtml(String(row.content)).replace(/\n+/g, '</p><p>')}</p>`,
        }))
      : []
    const { categories, tags } = countTerms(content, published(content))
    return {
      id: post.id,
      slug: `blog/${post.slug}`,
      title: post.title,
      type: 'post',
      featured_image: post.featured_image,
      dev_mode: url.searchParams.get('dev') === 'true',
      lang: await languagesFor(post.key, 'post', content.locale),
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
      content: {
        blog_post: full,
        breadcrumbs: [
          { url: `${prefix}/`, title: home?.title ?? 'Home' },
          { url: `${prefix}/blog`, title: blog?.title ?? 'Blog' },
          { url: `${prefix}/blog/${post.slug}`, title: post.title },
        ],
        recent_posts: published(content)
          .filter((other) => other.id !== post.id)
          .slice(0, 3)
          .map((other) => summarize(other, content)),
        categories,
        tags,
        widgets: blog?.widgets ?? {},
        // Ours: newer and older articles, and the approved comments.
        previous_post: neighbour(ordered[index + 1]),
        next_post: neighbour(index > 0 ? ordered[index - 1] : undefined),
        comments: approved,
      },
    }
  }

  /**
   * POST /wp-comments-post.php, answered as WordPress answers: a 302 back to the post on
   * success (held for moderation), else an error page with WordPress's status and text.
   */
  async function postComment(request: Request): Promise<Response> {
    const html = (status: number, message: string) =>
      new Response(
        `<!DOCTYPE html><html><head><title>Comment Submission Failure</title></head><body id="error-page"><div class="wp-die-message"><p>${message}</p></div></body></html>`,
        {
          status,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        },
      )
    if (!options.database) return html(503, 'Comments are not available.')
    const length = Number(request.headers.get('content-length') ?? 0)
    if (length > 100_000) return html(413, '<strong>Error:</strong> Your comment is too long.')
    let form: FormData
    try {
      form = await request.formData()
    } catch {
      return html(400, '<strong>Error:</strong> The request could not be read.')
    }
    const field = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)).trim() : '')
    const postId = Number(field('comment_post_ID'))
    const locale = field('locale') || defaultLocale
    const content = await store.get(locale)
    const post = content ? published(content).find((candidate) => candidate.id === postId) : undefined
    if (!content || !post) return html(404, '<strong>Error:</strong> Sorry, comments are not allowed on this item.')
    const author = field('author')
    const email = field('email')
    const text = field('comment')
    if (!author || !email) return html(200, '<strong>Error:</strong> Please fill the required fields.')
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 100)
      return html(200, '<strong>Error:</strong> Please enter a valid email address.')
    if (!text) return html(200, '<strong>Error:</strong> Please type your comment text.')
    if (text.length > 65_525 || author.length > 245) return html(200, '<strong>Error:</strong> Your comment is too long.')
    const db = await options.database()
    const ip = (request.headers.get('x-forwarded-for') ?? '').split(',')[0]?.trim() || null
    const duplicate = await db.execute({
      sql: 'SELECT 1 FROM comments WHERE post_id = ? AND (author_name = ? OR author_email = ?) AND content = ? LIMIT 1',
      args: [postId, author, email, text],
    })
    if (duplicate.rows.length > 0) return html(409, 'Duplicate comment detected; it looks as though you&#8217;ve already said that!')
    const recent = await db.execute({
      sql: "SELECT 1 FROM comments WHERE (author_email = ? OR (author_ip IS NOT NULL AND author_ip = ?)) AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-15 seconds') LIMIT 1",
      args: [email, ip],
    })
    if (recent.rows.length > 0) return html(429, 'You are posting comments too quickly. Slow down.')
    const inserted = await db.execute({
      sql: "INSERT INTO comments (post_id, author_name, author_email, content, status, author_ip) VALUES (?, ?, ?, ?, 'pending', ?) RETURNING id",
      args: [postId, author, email, text, ip],
    })
    const id = Number(inserted.rows[0]?.id)
    const prefix = localePrefix(locale, defaultLocale)
    return new Response(null, { status: 302, headers: { Location: `${prefix}/blog/${post.slug}?unapproved=${id}#comment-${id}` } })
  }

  /** A draft (or any document) by id, only for a valid signed preview link. */
  async function previewDocument(content: LocaleContent, url: URL): Promise<Json | null> {
    const id = url.searchParams.get('preview_id')
    if (!id) return null
    const claim = { id, expires: url.searchParams.get('preview_expires') ?? '', token: url.searchParams.get('preview_token') ?? '' }
    if (!verifyPreview(claim, options.previewSecret, Math.floor(Date.now() / 1000))) return null
    const page = [...content.pages.values()].find((candidate) => String(candidate.id) === id)
    if (page) return baseResponse(content, { ...(await pageResult(content, page, url)), preview: page.status === 'draft' })
    const post = content.posts.find((candidate) => String(candidate.id) === id)
    if (post) return baseResponse(content, { ...(await postResult(content, post, url)), preview: post.status === 'draft' })
    return null
  }

  async function base(url: URL, pageName: string): Promise<Response> {
    const content = await contentFor(url)
    if (!content) return json(errorBody('rest_invalid_param', 'Unknown locale', 400), 400)
    const name = pageName === '' ? 'home' : pageName
    const draft = await previewDocument(content, url)
    if (draft) return json(draft)
    const page = content.pages.get(name)
    if (page && page.status === 'publish') {
      return json(baseResponse(content, await pageResult(content, page, url)))
    }
    const postMatch = /^blog\/([a-z0-9-]+)$/.exec(name)
    const post = postMatch ? published(content).find((p) => p.slug === postMatch[1]) : undefined
    if (post) return json(baseResponse(content, await postResult(content, post, url)))
    return json(errorBody('not_found', 'Page not found', 404, content), 404)
  }

  async function layout(url: URL, pagePath: string): Promise<Response> {
    const content = await contentFor(url)
    const name = pagePath === '' ? 'home' : pagePath
    const page = content?.pages.get(name)
    if (page && page.status === 'publish') return json({ layout: page.layout })
    if (content && /^blog(\/|$)/.test(name)) return json({ layout: 'default' })
    return json({}, 404)
  }

  async function popup(url: URL, id: string): Promise<Response> {
    const content = await contentFor(url)
    const found = content?.popups.get(id)
    if (!content || !found) return json(errorBody('not_found', 'Popup not found', 404), 404)
    const body: z.input<typeof wirePopupResponse> = {
      result: {
        props: { id: found.id, title: found.title, content: found.content, options: found.options },
        shortcode_data: { ...formDefinitions(content, [found.form_id]), ...found.shortcode_data },
      },
    }
    return json(body)
  }

  async function postsList(url: URL): Promise<Response> {
    const content = await contentFor(url)
    if (!content) return json(errorBody('rest_invalid_param', 'Unknown locale', 400), 400)
    const params = url.searchParams
    const perPage = positiveInt(params.get('posts_per_page'), DEFAULT_PER_PAGE, MAX_PER_PAGE)
    const page = positiveInt(params.get('page'), 1, 10_000)
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

  /** Every published page and post that may be indexed (no drafts, no error pages, no noindex). */
  async function sitemap(url: URL): Promise<Response> {
    const content = await contentFor(url)
    if (!content) return json(errorBody('rest_invalid_param', 'Unknown locale', 400), 400)
    const pages = [...content.pages.values()]
      .filter((page) => page.status === 'publish' && !page.error && !/noindex/i.test(page.meta.robots ?? ''))
      .map((page) => ({
        key: page.key,
        path: page.path === 'home' ? '/' : `/${page.path}`,
        modified: page.modified,
        type: 'page' as const,
      }))
    const posts = published(content).map((post) => ({
      key: `post:${post.key}`,
      path: `/blog/${post.slug}`,
      modified: post.modified ?? post.date,
      type: 'post' as const,
    }))
    return json({ result: { entries: [...pages, ...posts] } })
  }

  async function terms(url: URL, kind: 'tags' | 'categories'): Promise<Response> {
    const content = await contentFor(url)
    if (!content) return json([], 200)
    const slug = url.searchParams.get('slug')
    const list = content[kind]
    return json(slug === null ? list : list.filter((term) => term.slug === slug))
  }

  /** POST /api/gf/v2/forms/{id}/submissions?locale= */
  async function submit(request: Request, url: URL, id: string): Promise<Response> {
    if (!options.database) return json(errorBody('rest_unavailable', 'Form submissions are not available.', 503), 503)
    if (id === '') return json(errorBody('gf_missing_form_id', 'The URL names no form id.', 404), 404)
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(id)) return json(errorBody('gf_form_not_found', 'Form not found.', 404), 404)
    const locale = url.searchParams.get('locale') || defaultLocale
    const content = await store.get(locale)
    if (!content) return json(errorBody('rest_invalid_param', 'Unknown locale', 400), 400)
    const form = content.forms.get(id)
    if (!form) return json(errorBody('gf_form_not_found', `Form ${id} not found.`, 404), 404)
    return submitForm(request, form, content.locale, { database: options.database, uploadDir })
  }

  /** /api/user/{register|login|logout|forgot|reset-password} (POST) and /api/user/me (GET). */
  async function accountCall(request: Request, url: URL, call: string): Promise<Response> {
    if (!accounts) return json(errorBody('rest_unavailable', 'Accounts are not available.', 503), 503)
    const requested = url.searchParams.get('locale') || defaultLocale
    const content = (await store.get(requested)) ?? (await store.get(defaultLocale))
    const context = { request, url, locale: content?.locale ?? defaultLocale, hostUrl: content?.options.host_url ?? '' }
    switch (call) {
      case 'register':
        return accounts.register(context)
      case 'login':
        return accounts.login(context)
      case 'logout':
        return accounts.logout(context)
      case 'forgot':
        return accounts.forgot(context)
      case 'reset-password':
        return accounts.resetPassword(context)
      default:
        return accounts.me(context)
    }
  }

  return async function handle(request: Request): Promise<Response> {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return json(errorBody('rest_invalid_url', 'Invalid URL', 400), 400)
    }
    if (request.method === 'POST' && url.pathname === '/wp-comments-post.php') {
      try {
        return await postComment(request)
      } catch (error) {
        console.error('[cms] comment', error instanceof Error ? error.message : error)
        return json(errorBody('internal_error', 'The comment could not be stored.', 500), 500)
      }
    }
    const submission = /^\/api\/gf\/v2\/forms\/([^/]*)\/submissions\/?$/.exec(url.pathname)
    if (request.method === 'POST' && submission) {
      try {
        return await submit(request, url, submission[1] ?? '')
      } catch (error) {
        console.error('[cms] submission', error instanceof Error ? error.message : error)
        return json(errorBody('internal_error', 'The submission could not be stored.', 500), 500)
      }
    }
    const account = /^\/api\/user\/(register|login|logout|forgot|reset-password|me)\/?$/.exec(url.pathname)
    if (account && (request.method === 'POST' || (account[1] === 'me' && request.method === 'GET'))) {
      try {
        return await accountCall(request, url, account[1] ?? '')
      } catch (error) {
        console.error('[cms] account', error instanceof Error ? error.message : error)
        return json(errorBody('internal_error', 'The account service failed to answer.', 500), 500)
      }
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return json(errorBody('rest_no_route', 'No route was found matching the URL and request method.', 404), 404)
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      return json(errorBody('rest_invalid_url', 'Invalid URL encoding', 400), 400)
    }
    const trimmed = pathname.replace(/\/+$/, '')
    try {
      let match: RegExpExecArray | null
      if ((match = /^\/api\/v1\/base\/?(.*)$/.exec(trimmed))) return await base(url, match[1] ?? '')
      if ((match = /^\/api\/v1\/layout\/?(.*)$/.exec(trimmed))) return await layout(url, match[1] ?? '')
      if ((match = /^\/api\/v1\/popups\/([A-Za-z0-9_-]{1,64})$/.exec(trimmed))) return await popup(url, match[1] ?? '')
      if (trimmed === '/api/v1/posts') return await postsList(url)
      if (trimmed === '/api/v1/sitemap') return await sitemap(url)
      if (trimmed === '/api/wp/v2/tags') return await terms(url, 'tags')
      if (trimmed === '/api/wp/v2/categories') return await terms(url, 'categories')
      return json(errorBody('rest_no_route', 'No route was found matching the URL and request method.', 404), 404)
    } catch (error) {
      console.error('[cms]', error instanceof Error ? error.message : error)
      return json(errorBody('internal_error', 'The content backend failed to answer.', 500), 500)
    }
  }
}
