/**
 * Seeds the WordPress of `npm run wordpress` with the embedded CMS's demo content,
 * generated from content/ (read with the CMS's own content store, not written twice),
 * through WordPress's REST API as the admin (an application password): settings, authors,
 * categories and tags, pages (sections as blocks: core blocks where they fit, the plugin's
 * blocks for the rest), posts, popups, menus by location, the sidebar's widgets, and
 * content/redirects.json into the Redirection plugin when it is active.
 *
 * Idempotent: documents are found by type, locale and slug and updated; a run whose
 * inputs (content/, the seed's scripts, the plugin's blocks) have not changed since the
 * last seed of this database only refreshes the settings. The REST client is
 * scripts/wordpress/wp-rest.ts; the settings are scripts/wordpress/seed-settings.ts's,
 * the menus and sidebar scripts/wordpress/seed-menus.ts's, Redirection's and Rank Math's
 * data scripts/wordpress/seed-plugins.ts's.
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
import { createContentStore, type LocaleContent, type PageFile, type PostRecord } from '../../cms/content-store'
import { blocksFromHtml, sectionBlocks, serializeBlock } from './blocks'
import { editorBlocksDocument } from './editor-blocks'
import { ownSlugs } from './own-slugs'
import { seedMenus, seedSidebar, type PageId } from './seed-menus'
import { seedRankMath, seedRedirects } from './seed-plugins'
import { seedPalette, seedSettings } from './seed-settings'
import { all, base, batch, existingOf, finder, rest, type Json } from './wp-rest'

const state = process.env.WORDPRESS_STATE ?? '.cache/wordpress/state'
const started = Date.now()

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
  for (const script of [
    'seed.ts',
    'seed-settings.ts',
    'seed-menus.ts',
    'seed-plugins.ts',
    'wp-rest.ts',
    'blocks.ts',
    'editor-blocks.ts',
    'editor-blocks-strings.ts',
    'rank-math.ts',
    'own-slugs.ts',
  ]) {
    hash.update(readFileSync(path.join('scripts/wordpress', script)))
  }
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

await seedSettings(contents, en)
await seedPalette(en)
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

/* ------------------------------------------------------------------ menus, the sidebar, other plugins */

const pageId: PageId = (locale, pagePath) => pageIds.get(pageKey(locale, pagePath))
const itemCount = await seedMenus(contents, pageId, termIds.categories)
await seedSidebar([...en.pages.values()].find((page) => page.type === 'blog'))
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

await seedRankMath(pageId)

writeFileSync(hashFile, inputs)
console.log(
  `[seed] ${pageCount} pages, ${postIds.size * contents.size} posts, ${studyCount} case studies, ${popupIds.size * contents.size} popups, ${itemCount} menu items, ` +
    `${termIds.categories.size} categories, ${termIds.tags.size} tags, ${redirectCount} redirects in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
