/**
 * Seeds the WordPress of `npm run wordpress` with the embedded CMS's demo content,
 * generated from content/ (read with the CMS's own content store, not written twice),
 * through WordPress's REST API as the admin (an application password): settings, authors,
 * categories and tags, pages (sections as blocks: core blocks where they fit, the plugin's
 * blocks for the rest), posts, popups, menus by location, the sidebar's widgets, and
 * content/redirects.json into the Redirection plugin when it is active.
 *
 * Idempotent: documents are found by type, locale and slug and updated; a run whose
 * inputs (content/, this file, the plugin's blocks) have not changed since the last seed
 * of this database only refreshes the settings.
 *
 *   WORDPRESS_URL=http://127.0.0.1:8088 WORDPRESS_STATE=.cache/wordpress/state \
 *     WORDPRESS_APP_PASSWORD_FILE=.cache/wordpress/app-password npx tsx scripts/wordpress/seed.ts
 *
 * Optional: WORDPRESS_SITE_URL (the site's public URL; default: content's host_url),
 * WORDPRESS_PREVIEW_SECRET, WORDPRESS_REVALIDATE_SECRET (the site's secrets).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { defaultLocale, routedLocales } from '../../app/config/site'
import { createContentStore, type FormFile, type LocaleContent, type PageFile, type PostRecord } from '../../cms/content-store'
import { blocksFromHtml, sectionBlocks, serializeBlock } from './blocks'
import { editorBlocksDocument } from './editor-blocks'
import { redirectsFile } from '../../cms/redirects'
import { RANK_MATH_SEED } from './rank-math'
import { ownSlugs } from './own-slugs'

const base = (process.env.WORDPRESS_URL ?? 'http://127.0.0.1:8088').replace(/\/+$/, '')
const state = process.env.WORDPRESS_STATE ?? '.cache/wordpress/state'
const credentials = readFileSync(process.env.WORDPRESS_APP_PASSWORD_FILE ?? '.cache/wordpress/app-password', 'utf8').trim()
const authorization = `Basic ${Buffer.from(credentials).toString('base64')}`
const started = Date.now()

/* ------------------------------------------------------------------ REST */

type Json = Record<string, unknown>

class RestError extends Error {}

async function rest<T = Json>(method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new RestError(`${method} ${route} answered ${response.status}: ${text.slice(0, 400)}`)
  return JSON.parse(text) as T
}

/** Every item of a collection (100 a page). */
async function all<T = Json>(route: string): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; ; page++) {
    const separator = route.includes('?') ? '&' : '?'
    const response = await fetch(`${base}/api${route}${separator}per_page=100&page=${page}`, { headers: { authorization } })
    if (response.status === 400 && page > 1) break
    if (!response.ok) throw new RestError(`GET ${route} answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
    const chunk = (await response.json()) as T[]
    items.push(...chunk)
    if (chunk.length < 100) break
  }
  return items
}

/** WordPress's batch endpoint: up to 25 writes per request. */
async function batch(requests: Array<{ method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown }>): Promise<Json[]> {
  const answers: Json[] = []
  for (let index = 0; index < requests.length; index += 25) {
    const chunk = requests.slice(index, index + 25).map((request) => ({ ...request, path: request.path }))
    const result = await rest<{ responses: Array<{ status: number; body: Json }> }>('POST', '/batch/v1', {
      validation: 'normal',
      requests: chunk,
    })
    for (const [position, response] of result.responses.entries()) {
      if (response.status >= 400) {
        const request = chunk[position]
        throw new RestError(
          `${request?.method} ${request?.path} (batch) answered ${response.status}: ${JSON.stringify(response.body).slice(0, 400)}`,
        )
      }
      answers.push(response.body)
    }
  }
  return answers
}

/* ------------------------------------------------------------------ inputs */

function hashInputs(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name)
      if (statSync(file).isDirectory()) walk(file)
      else hash.update(file).update(readFileSync(file))
    }
  }
  walk('content')
  walk('wordpress/kestrel-headless/blocks')
  hash
    .update(readFileSync('scripts/wordpress/seed.ts'))
    .update(readFileSync('scripts/wordpress/blocks.ts'))
    .update(readFileSync('scripts/wordpress/editor-blocks.ts'))
    .update(readFileSync('scripts/wordpress/rank-math.ts'))
    .update(readFileSync('scripts/wordpress/own-slugs.ts'))
  return hash.digest('hex')
}

const store = createContentStore(path.resolve('content'), routedLocales, defaultLocale)
const contents = new Map<string, LocaleContent>()
for (const locale of routedLocales) {
  const content = await store.get(locale)
  if (content) contents.set(locale, content)
}
const en = contents.get(defaultLocale)
if (!en) throw new Error(`content/${defaultLocale} is missing`)

/* ------------------------------------------------------------------ settings (every run) */

function formsOf(content: LocaleContent): Record<string, FormFile> {
  return Object.fromEntries([...content.forms.entries()].map(([id, form]) => [id, form]))
}

async function seedSettings(): Promise<void> {
  const site: Record<string, Record<string, string>> = {}
  const forms: Record<string, Record<string, FormFile>> = {}
  for (const [locale, content] of contents) {
    const o = content.options
    site[locale] = {
      address: o.address ?? '',
      phone: o.phone ?? '',
      shop_url: o.shop_url ?? '',
      review_badge_label: o.review_badge?.label ?? '',
      review_badge_url: o.review_badge?.url ?? '',
      status_badge_label: o.status_badge?.label ?? '',
      status_badge_url: o.status_badge?.url ?? '',
    }
    // Only a locale's own form files (a locale without one uses the default locale's, in the plugin as in the CMS).
    const own = readdirSync(path.join('content', locale, 'forms')).map((name) => path.basename(name, '.json'))
    forms[locale] = Object.fromEntries(Object.entries(formsOf(content)).filter(([id]) => own.includes(id)))
  }
  await rest('POST', '/kestrel/v1/settings', {
    site_url: process.env.WORDPRESS_SITE_URL ?? en!.options.host_url,
    // Secrets only when given: a value an admin set in the settings page stays otherwise.
    ...(process.env.WORDPRESS_PREVIEW_SECRET ? { preview_secret: process.env.WORDPRESS_PREVIEW_SECRET } : {}),
    ...(process.env.WORDPRESS_REVALIDATE_SECRET ? { revalidate_secret: process.env.WORDPRESS_REVALIDATE_SECRET } : {}),
    logo_url: en!.options.organization.logo_url ?? '',
    locales: [...contents.keys()].join(','),
    trusted_proxies: '127.0.0.1, ::1',
    // The chat every page offers, as options.json says (the built-in one: tickets in WordPress).
    chat_provider: en!.chat?.provider ?? '',
    chat_widget_id: en!.chat?.widget_id ?? '',
    mail_entries: true,
    site,
    forms,
  })
  await rest('POST', '/wp/v2/settings', {
    title: en!.options.organization.name,
    description: '',
    timezone: 'UTC',
    default_comment_status: 'open',
  })
}

/**
 * options.json's palette as the editor's own colours (the user origin of theme.json, which
 * the plugin reads after the theme's), with their dark values where the plugin looks for
 * them (docs/decisions/028), so the demo page's palette classes mean the same on both backends.
 */
async function seedPalette() {
  const palette = en!.options.palette ?? []
  if (palette.length === 0) return
  const [theme] = await rest<Array<{ _links?: Record<string, Array<{ href: string }>> }>>('GET', '/wp/v2/themes?status=active')
  const href = theme?._links?.['wp:user-global-styles']?.[0]?.href
  if (!href) return
  const route = new URL(href).pathname.replace(/^\/(api|wp-json)/, '')
  const current = await rest<{ settings?: Json; styles?: Json }>('GET', route)
  const settings = current.settings ?? {}
  await rest('POST', route, {
    styles: current.styles ?? {},
    settings: {
      ...settings,
      color: {
        ...(settings.color as Json | undefined),
        palette: palette.map(({ slug, name, color }) => ({ slug, name: name ?? slug, color })),
      },
      custom: {
        ...(settings.custom as Json | undefined),
        kestrel: { darkPalette: Object.fromEntries(palette.flatMap((entry) => (entry.dark ? [[entry.slug, entry.dark]] : []))) },
      },
    },
  })
}

await seedSettings()
await seedPalette()
const hashFile = path.join(state, 'seed-hash')
const inputs = hashInputs()
const seeded = await fetch(`${base}/api/v1/base/home`).then((response) => response.status === 200)
if (seeded && existsSync(hashFile) && readFileSync(hashFile, 'utf8') === inputs) {
  console.log(`[seed] content unchanged since the last seed; settings refreshed (${Date.now() - started} ms)`)
  process.exit(0)
}

/* ------------------------------------------------------------------ authors, terms */

const users = await all<{ id: number; slug: string }>('/wp/v2/users?context=edit')
const authorIds = new Map<string, number>()
async function author(name: string): Promise<number> {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  const known = authorIds.get(slug) ?? users.find((user) => user.slug === slug)?.id
  if (known) {
    authorIds.set(slug, known)
    return known
  }
  const created = await rest<{ id: number }>('POST', '/wp/v2/users', {
    username: slug,
    slug,
    name,
    first_name: name.split(' ')[0],
    last_name: name.split(' ').slice(1).join(' '),
    email: `${slug}@kestrel-it.example`,
    password: createHash('sha256').update(`${slug}:${Date.now()}:${Math.random()}`).digest('hex'),
    roles: ['author'],
  })
  authorIds.set(slug, created.id)
  return created.id
}

type TermKind = 'categories' | 'tags'
const termIds: Record<TermKind, Map<string, number>> = { categories: new Map(), tags: new Map() }
async function seedTerms(kind: TermKind): Promise<void> {
  const existing = await all<{ id: number; slug: string }>(`/wp/v2/${kind}?hide_empty=false&context=edit`)
  const requests: Array<{ method: 'POST'; path: string; body: Json }> = []
  const slugs: string[] = []
  for (const term of en![kind]) {
    const names: Record<string, string> = {}
    const descriptions: Record<string, string> = {}
    for (const [locale, content] of contents) {
      if (locale === defaultLocale) continue
      const translated = content[kind].find((other) => other.slug === term.slug)
      if (translated) {
        names[locale] = translated.name
        if (translated.description) descriptions[locale] = translated.description
      }
    }
    // The original (the first made): after the move to Polylang its translations share its slug.
    const found = existing.filter((other) => other.slug === term.slug).sort((a, b) => a.id - b.id)[0]
    const body = {
      name: term.name,
      slug: term.slug,
      description: term.description ?? '',
      meta: { kestrel_names: names, kestrel_descriptions: descriptions },
    }
    requests.push({ method: 'POST', path: found ? `/wp/v2/${kind}/${found.id}` : `/wp/v2/${kind}`, body })
    slugs.push(term.slug)
  }
  const answers = await batch(requests)
  answers.forEach((answer, index) => termIds[kind].set(slugs[index]!, Number(answer.id)))
}
await seedTerms('categories')
await seedTerms('tags')

/* ------------------------------------------------------------------ documents */

interface Existing {
  id: number
  slug: string
  parent?: number
  meta?: { kestrel_locale?: string }
}

async function existingOf(type: string): Promise<Existing[]> {
  return all<Existing>(`/wp/v2/${type}?status=publish,draft,private,pending,future&context=edit&_fields=id,slug,parent,meta`)
}

function finder(list: Existing[]) {
  return (slug: string, locale: string, parent = 0) =>
    list.find((item) => item.slug === slug && (item.meta?.kestrel_locale || defaultLocale) === locale && (item.parent ?? 0) === parent)?.id
}

const image = (value: { url: string; width?: number; height?: number; alt?: string } | undefined) =>
  value
    ? {
        url: value.url,
        ...(value.width ? { width: value.width } : {}),
        ...(value.height ? { height: value.height } : {}),
        alt: value.alt ?? '',
      }
    : {}

/**
 * The blocks of a page: its notifications, then its sections. The demo page of every block
 * is written by hand as native core blocks (editor-blocks.ts), not from its sections.
 */
function pageContent(page: PageFile, locale: string): string {
  if (page.key === 'editor-blocks') return editorBlocksDocument(locale)
  const notifications = page.notifications.map((notification) =>
    serializeBlock('kestrel/notification', {
      notification_id: notification.id,
      message_html: notification.message,
      type: notification.type ?? 'info',
    }),
  )
  return [...notifications, ...page.sections.flatMap((section) => sectionBlocks(section))].join('\n\n')
}

const pages = await existingOf('pages')
const findPage = finder(pages)
/** Page ids by locale and path. */
const pageIds = new Map<string, number>()
const pageKey = (locale: string, pagePath: string) => `${locale}:${pagePath}`

async function ensureParent(locale: string, parentPath: string, originalParent: number | undefined): Promise<number> {
  const known = pageIds.get(pageKey(locale, parentPath))
  if (known) return known
  // A folder without a page of its own in content/ (landing/…): a draft, as on the CMS it is a 404.
  const segments = parentPath.split('/')
  const parent = segments.length > 1 ? await ensureParent(locale, segments.slice(0, -1).join('/'), undefined) : 0
  const slug = segments.at(-1)!
  const body = {
    title: slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    slug,
    parent,
    status: 'draft',
    content: '',
    // Polylang's language of a new document (its REST requests read `lang`); ignored without Polylang.
    lang: locale,
    meta: { kestrel_locale: locale, kestrel_translation_of: originalParent ?? 0 },
  }
  const id = findPage(slug, locale, parent)
  const answer = await rest<{ id: number }>('POST', id ? `/wp/v2/pages/${id}` : '/wp/v2/pages', body)
  pageIds.set(pageKey(locale, parentPath), answer.id)
  return answer.id
}

let pageCount = 0
for (const [locale, content] of [...contents].sort(([a], [b]) => (a === defaultLocale ? -1 : b === defaultLocale ? 1 : 0))) {
  const list = [...content.pages.values()].sort((a, b) => a.path.split('/').length - b.path.split('/').length)
  for (const page of list) {
    const segments = page.path.split('/')
    // A translation with a slug of its own (own-slugs.ts), as an editor would rename it.
    const contentSlug = segments.at(-1)!
    const slug = ownSlugs[locale]?.[page.path] ?? contentSlug
    const parentPath = segments.slice(0, -1).join('/')
    const original = locale === defaultLocale ? 0 : (pageIds.get(pageKey(defaultLocale, page.path)) ?? 0)
    const parent = parentPath ? await ensureParent(locale, parentPath, pageIds.get(pageKey(defaultLocale, parentPath))) : 0
    const body = {
      title: page.title,
      slug,
      parent,
      status: page.status,
      content: pageContent(page, locale),
      template: page.layout === 'static' ? 'kestrel-static' : '',
      menu_order: page.id,
      comment_status: 'closed',
      lang: locale,
      meta: {
        kestrel_locale: locale,
        kestrel_translation_of: original,
        kestrel_meta_title: page.meta.title ?? '',
        kestrel_meta_description: page.meta.description ?? '',
        kestrel_meta_keywords: page.meta.keywords ?? '',
        kestrel_meta_robots: page.meta.robots ?? '',
        kestrel_custom_css: page.custom_css,
        kestrel_body_classes: page.body_classes.join(' '),
        kestrel_featured_image: image(page.featured_image),
        kestrel_background_image: image(page.background_image),
        kestrel_not_found: page.error,
        // The plugin offers one chat site-wide (the settings'); a page can only turn it off, not name its own provider.
        kestrel_chat_off: page.chat === false,
      },
    }
    const id = findPage(slug, locale, parent) ?? findPage(contentSlug, locale, parent)
    const answer = await rest<{ id: number }>('POST', id ? `/wp/v2/pages/${id}` : '/wp/v2/pages', body)
    pageIds.set(pageKey(locale, page.path), answer.id)
    pageCount++
  }
}
const homeId = pageIds.get(pageKey(defaultLocale, 'home'))
const blogId = [...en.pages.values()].find((page) => page.type === 'blog')
await rest('POST', '/wp/v2/settings', {
  show_on_front: 'page',
  page_on_front: homeId,
  page_for_posts: blogId ? pageIds.get(pageKey(defaultLocale, blogId.path)) : 0,
  posts_per_page: 9,
})

/* posts */
const posts = await existingOf('posts')
const findPost = finder(posts)
const postIds = new Map<string, number>()
const postRequests: Array<{ method: 'POST'; path: string; body: Json }> = []
const postKeys: string[] = []
for (const [locale, content] of [...contents].sort(([a], [b]) => (a === defaultLocale ? -1 : b === defaultLocale ? 1 : 0))) {
  for (const post of content.posts) {
    const body = await postBody(post, locale)
    const id = findPost(post.slug, locale)
    postRequests.push({ method: 'POST', path: id ? `/wp/v2/posts/${id}` : '/wp/v2/posts', body })
    postKeys.push(`${locale}:${post.key}`)
  }
  // Translations point at their original, so the default locale's posts are written first.
  if (locale === defaultLocale) {
    const answers = await batch(postRequests.splice(0))
    answers.forEach((answer, index) => postIds.set(postKeys[index]!, Number(answer.id)))
    postKeys.splice(0)
  }
}
if (postRequests.length > 0) await batch(postRequests)

async function postBody(post: PostRecord, locale: string): Promise<Json> {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(post.date) ? `${post.date}T09:00:00` : post.date.replace(/Z$/, '')
  return {
    title: post.title,
    slug: post.slug,
    status: post.status,
    date,
    date_gmt: date,
    excerpt: post.excerpt,
    content: blocksFromHtml(post.html).join('\n\n'),
    author: await author(post.author),
    categories: post.categories.map((slug) => termIds.categories.get(slug)).filter((id): id is number => id !== undefined),
    tags: post.tags.map((slug) => termIds.tags.get(slug)).filter((id): id is number => id !== undefined),
    comment_status: 'open',
    ping_status: 'closed',
    lang: locale,
    meta: {
      kestrel_locale: locale,
      kestrel_translation_of: locale === defaultLocale ? 0 : (postIds.get(`${defaultLocale}:${post.key}`) ?? 0),
      kestrel_featured_image: image(post.featured_image),
    },
  }
}

/* case studies: a content type beyond pages and posts (decision 029), facts in the plugin's own field list */
const studies = await existingOf('case_study')
const findStudy = finder(studies)
const studyIds = new Map<string, number>()
let studyCount = 0
for (const [locale, content] of [...contents].sort(([a], [b]) => (a === defaultLocale ? -1 : b === defaultLocale ? 1 : 0))) {
  for (const item of content.items.get('case_study') ?? []) {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(item.date) ? `${item.date}T09:00:00` : item.date.replace(/Z$/, '')
    const id = findStudy(item.slug, locale)
    const answer = await rest<{ id: number }>('POST', id ? `/wp/v2/case_study/${id}` : '/wp/v2/case_study', {
      title: item.title,
      slug: item.slug,
      status: item.status,
      date,
      date_gmt: date,
      excerpt: item.excerpt,
      content: blocksFromHtml(item.html).join('\n\n'),
      author: await author(item.author),
      lang: locale,
      meta: {
        kestrel_locale: locale,
        kestrel_translation_of: locale === defaultLocale ? 0 : (studyIds.get(`${defaultLocale}:${item.key}`) ?? 0),
        kestrel_featured_image: image(item.featured_image),
        kestrel_item_fields: item.fields,
      },
    })
    studyIds.set(`${locale}:${item.key}`, answer.id)
    studyCount++
  }
}

/* popups */
const popups = await existingOf('kestrel_popup')
const findPopup = finder(popups)
const popupIds = new Map<string, number>()
for (const [locale, content] of [...contents].sort(([a], [b]) => (a === defaultLocale ? -1 : b === defaultLocale ? 1 : 0))) {
  for (const popup of content.popups.values()) {
    const slug = String(popup.id)
    const body = {
      title: popup.title,
      slug,
      status: 'publish',
      content: blocksFromHtml(popup.content).join('\n\n'),
      lang: locale,
      meta: {
        kestrel_locale: locale,
        kestrel_translation_of: locale === defaultLocale ? 0 : (popupIds.get(slug) ?? 0),
        kestrel_classname: popup.options.classname ?? '',
        kestrel_form_id: popup.form_id === undefined ? '' : String(popup.form_id),
      },
    }
    const id = findPopup(slug, locale)
    const answer = await rest<{ id: number }>('POST', id ? `/wp/v2/kestrel_popup/${id}` : '/wp/v2/kestrel_popup', body)
    if (locale === defaultLocale) popupIds.set(slug, answer.id)
  }
}

/* ------------------------------------------------------------------ menus */

const menus = await all<{ id: number; slug: string }>('/wp/v2/menus?context=edit')
// With Polylang's languages the built-in per-locale locations (`primary__de`) are not
// registered: Polylang keeps those menus in its own option (the migration sets it), so a
// menu is only given the locations WordPress knows.
const registeredLocations = new Set(Object.keys(await rest<Record<string, unknown>>('GET', '/wp/v2/menu-locations')))
let itemCount = 0
for (const [locale, content] of contents) {
  for (const [location, items] of Object.entries(content.menus)) {
    // The primary submenu's items nest under the primary menu's items in WordPress (one menu, children).
    if (location === 'primary-submenu') continue
    const wpLocation = locale === defaultLocale ? location : `${location}__${locale}`
    const slug = `${location}-${locale}`
    const existing = menus.find((menu) => menu.slug === slug)
    const menu = await rest<{ id: number }>('POST', existing ? `/wp/v2/menus/${existing.id}` : '/wp/v2/menus', {
      name: `${location} (${locale})`,
      slug,
      ...(registeredLocations.has(wpLocation) ? { locations: [wpLocation] } : {}),
    })
    const old = await all<{ id: number }>(`/wp/v2/menu-items?menus=${menu.id}&context=edit`)
    if (old.length > 0) await batch(old.map((item) => ({ method: 'DELETE' as const, path: `/wp/v2/menu-items/${item.id}?force=true` })))
    const children = location === 'primary' ? (content.menus['primary-submenu'] ?? []) : []
    const created = new Map<string, number>()
    let order = 1
    for (const item of items) {
      const answer = await rest<{ id: number }>('POST', '/wp/v2/menu-items', {
        ...menuItem(item, locale),
        menus: menu.id,
        menu_order: order++,
        status: 'publish',
      })
      created.set(String(item.id), answer.id)
      itemCount++
    }
    const nested = children
      .filter((child) => child.post_parent !== false && created.has(String(child.post_parent)))
      .map((child) => ({
        method: 'POST' as const,
        path: '/wp/v2/menu-items',
        body: {
          ...menuItem(child, locale),
          menus: menu.id,
          parent: created.get(String(child.post_parent)),
          menu_order: order++,
          status: 'publish',
        },
      }))
    if (nested.length > 0) await batch(nested)
    itemCount += nested.length
  }
}

/** A menu item of content/ as a WordPress one: a page or a category where it points at one, else a custom link. */
function menuItem(item: { title: string; url: string; target?: string; relative_path?: string }, locale: string): Json {
  const sitePath = (item.relative_path ?? '').replace(new RegExp(`^/${locale}(?=/|$)`), '').replace(/^\/+|\/+$/g, '')
  const target = item.target ?? ''
  const pageId =
    sitePath === '' && item.relative_path !== undefined ? pageIds.get(pageKey(locale, 'home')) : pageIds.get(pageKey(locale, sitePath))
  if (item.relative_path !== undefined && pageId) {
    return { title: item.title, type: 'post_type', object: 'page', object_id: pageId, target }
  }
  const category = /^blog\/category\/([a-z0-9-]+)$/.exec(sitePath)
  if (category && termIds.categories.has(category[1]!)) {
    return { title: item.title, type: 'taxonomy', object: 'category', object_id: termIds.categories.get(category[1]!), target }
  }
  return { title: item.title, type: 'custom', url: item.relative_path ?? item.url, target }
}

/* ------------------------------------------------------------------ widgets (the blog page's sidebar) */

const blogPage = [...en.pages.values()].find((page) => page.type === 'blog')
const widgets = await all<{ id: string; sidebar: string }>('/wp/v2/widgets?context=edit')
const oldWidgets = widgets.filter((widget) => widget.sidebar === 'sidebar' || widget.sidebar === 'wp_inactive_widgets')
if (oldWidgets.length > 0)
  await batch(oldWidgets.map((widget) => ({ method: 'DELETE' as const, path: `/wp/v2/widgets/${widget.id}?force=true` })))
const widgetIds: string[] = []
for (const widget of blogPage?.widgets.sidebar ?? []) {
  const title = widget.title ?? ''
  const instance =
    widget.widget_type === 'recent_posts'
      ? { id_base: 'recent-posts', instance: { raw: { title, number: 3 } } }
      : widget.widget_type === 'categories'
        ? { id_base: 'categories', instance: { raw: { title, count: 1 } } }
        : widget.widget_type === 'custom_html'
          ? { id_base: 'custom_html', instance: { raw: { title, content: String(widget.content ?? '') } } }
          : { id_base: 'text', instance: { raw: { title, text: String(widget.content ?? ''), filter: false, visual: false } } }
  const created = await rest<{ id: string }>('POST', '/wp/v2/widgets', { ...instance, sidebar: 'sidebar' })
  widgetIds.push(created.id)
}
// WordPress 6.1 files a widget created over REST under "inactive" on a block theme; placing the list fixes that.
await rest('POST', '/wp/v2/sidebars/sidebar', { widgets: widgetIds })

/* ------------------------------------------------------------------ redirects */

/**
 * content/redirects.json into the Redirection plugin, through the REST API its own screens
 * use (one redirect per rule, in order, in its WordPress module's first group), when it is
 * active. Its earlier redirects go first, so a second seed leaves the same list.
 */
async function seedRedirects(): Promise<number> {
  const probe = await fetch(`${base}/api/redirection/v1/redirect?per_page=200`, { headers: { authorization } })
  if (probe.status === 404) return 0
  if (!probe.ok) throw new RestError(`GET /redirection/v1/redirect answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`)
  const existing = ((await probe.json()) as { items: Array<{ id: number }> }).items
  if (existing.length > 0) await rest('POST', '/redirection/v1/bulk/redirect/delete', { items: existing.map((item) => item.id) })
  const groups = await rest<{ items: Array<{ id: number; module_id: number }> }>('GET', '/redirection/v1/group')
  const group = groups.items.find((item) => Number(item.module_id) === 1)
  if (!group) throw new RestError('Redirection has no group in its WordPress module')
  const file = redirectsFile.parse(JSON.parse(readFileSync('content/redirects.json', 'utf8')))
  for (const [position, rule] of file.redirects.entries()) {
    await rest('POST', '/redirection/v1/redirect', {
      url: rule.source,
      match_type: 'url',
      regex: rule.regex ? 1 : 0,
      action_type: rule.status === 410 ? 'error' : 'url',
      action_code: rule.status,
      action_data: rule.target ? { url: rule.target } : {},
      group_id: group.id,
      position,
      match_data: {
        source: { flag_query: rule.query, flag_case: rule.ignore_case, flag_trailing: rule.ignore_trailing_slash, flag_regex: rule.regex },
      },
    })
  }
  return file.redirects.length
}
const redirectCount = await seedRedirects()

/* Remove WordPress's own sample post and page, so listings hold only the demo content. */
for (const [type, slug] of [
  ['posts', 'hello-world'],
  ['pages', 'sample-page'],
  ['pages', 'privacy-policy'],
] as const) {
  const found = await all<{ id: number }>(`/wp/v2/${type}?slug=${slug}&status=publish,draft&context=edit&_fields=id`)
  for (const item of found) await rest('DELETE', `/wp/v2/${type}/${item.id}?force=true`)
}

/* ------------------------------------------------------------------ Rank Math */

/*
 * When Rank Math is active: what an administrator and an editor would save in its own
 * screens (scripts/wordpress/rank-math.ts), through the REST routes those screens use.
 * Titles & Meta go through `rankmath/v1/updateSettings` (type `titles`) as its settings
 * screen sends them; the page's fields through `rankmath/v1/updateMeta` as its sidebar in
 * the block editor does (Rank Math registers no meta for wp/v2).
 */
const active = await rest<Array<{ plugin: string }>>('GET', '/wp/v2/plugins?status=active&_fields=plugin')
if (active.some((item) => item.plugin.startsWith('seo-by-rank-math/'))) {
  await rest('POST', '/rankmath/v1/updateSettings', {
    type: 'titles',
    settings: RANK_MATH_SEED.titles,
    fieldTypes: Object.fromEntries(Object.keys(RANK_MATH_SEED.titles).map((key) => [key, 'text'])),
    updated: [],
    isReset: false,
  })
  const careers = pageIds.get(pageKey(defaultLocale, RANK_MATH_SEED.page))
  if (!careers) throw new Error(`no ${defaultLocale} page ${RANK_MATH_SEED.page} to give Rank Math fields`)
  await rest('POST', '/rankmath/v1/updateMeta', { objectType: 'post', objectID: careers, meta: RANK_MATH_SEED.meta, content: '' })
  console.log(`[seed] Rank Math: Titles & Meta, and the fields of page ${careers}`)
}

writeFileSync(hashFile, inputs)
console.log(
  `[seed] ${pageCount} pages, ${postIds.size * contents.size} posts, ${studyCount} case studies, ${popupIds.size * contents.size} popups, ${itemCount} menu items, ` +
    `${termIds.categories.size} categories, ${termIds.tags.size} tags, ${redirectCount} redirects in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
