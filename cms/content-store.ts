/**
 * Reads the embedded CMS's content from files: `content/{locale}/…`.
 *
 *   options.json            site options (organization, host_url, footer data) and the
 *                           live chat every page offers (`chat`, unless a page says `"chat": false`)
 *   menus.json              menu items by location
 *   taxonomies.json         categories and tags
 *   pages/*.json            pages: meta, sections and page fields
 *   posts/*.md              blog posts: YAML front matter + Markdown body
 *   popups/*.json           popups (`form_id`: the form the popup shows)
 *   {type folder}/*.md      items of a content type beyond pages and posts (cmsConfig.types:
 *                           `case-studies/` holds `case_study`): front matter + Markdown
 *   forms/{id}.json         form definitions (Gravity Forms' shape, requirements §3), by id; a
 *                           locale without a form's file uses the fallback locale's
 *
 * Raster images get the sizes the build made of them as `srcset` (cms/image-sizes.ts).
 * The files are read once and kept in memory; `reload()` reads them again.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { marked } from 'marked'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { cmsConfig } from './config'
import { wireItemFields } from '../app/contract/wire-items'
import { wireFormDefinition, wireShortcodeData } from '../app/contract/wire-forms'
import { wireChat, wireMeta, wireSection, wireWidget } from '../app/contract/wire-page'
import { wireTerm } from '../app/contract/wire-posts'
import { wireImage } from '../app/contract/wire-primitives'
import { wireMenuItem, wireOptions } from '../app/contract/wire-site'
import { withGeneratedSizes } from './image-sizes'

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/, 'must be a lowercase slug')

const pageFile = z.object({
  id: z.number().int().positive(),
  /** Shared by the translations of one page, so the language list can link them. */
  key: z.string().min(1),
  /** The page's path without the locale: `home`, `about`, `landing/managed-it-support`. */
  path: slug,
  title: z.string().min(1),
  type: z.enum(['page', 'blog']).default('page'),
  layout: z.enum(['default', 'static']).default('default'),
  status: z.enum(['publish', 'draft']).default('publish'),
  /** Requirements §8: a result with the error flag is answered as usual, but the site shows 404. */
  error: z.boolean().default(false),
  meta: wireMeta.default({}),
  schema: z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]).optional(),
  featured_image: wireImage.optional(),
  background_image: wireImage.optional(),
  body_classes: z.array(z.string()).default([]),
  custom_css: z.string().default(''),
  sections: z.array(wireSection).default([]),
  notifications: z.array(z.object({ id: z.string(), message: z.string(), type: z.string().optional() })).default([]),
  widgets: z.record(z.string(), z.array(wireWidget)).default({}),
  shortcode_data: wireShortcodeData.default({}),
  customOptions: z.record(z.string(), z.unknown()).default({}),
  pageContent: z.string().default(''),
  modified: z.string().optional(),
  /** `false`: no live chat on this page; `true`: the one options.json offers; an object: this page's own. */
  chat: z.union([z.boolean(), wireChat]).default(true),
})
export type PageFile = z.infer<typeof pageFile>

const postFrontMatter = z.object({
  id: z.number().int().positive(),
  key: z.string().min(1),
  slug,
  title: z.string().min(1),
  date: z.iso.date().or(z.iso.datetime()),
  modified: z.iso.date().or(z.iso.datetime()).optional(),
  author: z.string().min(1),
  excerpt: z.string().min(1),
  categories: z.array(z.string()).min(1),
  tags: z.array(z.string()).default([]),
  featured_image: wireImage.optional(),
  status: z.enum(['publish', 'draft']).default('publish'),
})

export interface PostRecord extends z.infer<typeof postFrontMatter> {
  html: string
  text: string
  readingMinutes: number
}

/** An item of a content type (decision 029): a post without terms, with its labelled facts (ACF's fields in WordPress). */
const itemFrontMatter = postFrontMatter.extend({
  categories: z.array(z.string()).default([]),
  fields: wireItemFields.default([]),
})

export interface ItemRecord extends z.infer<typeof itemFrontMatter> {
  type: string
  html: string
  text: string
  readingMinutes: number
}

const taxonomiesFile = z.object({ categories: z.array(wireTerm), tags: z.array(wireTerm) })
const menusFile = z.record(z.string(), z.array(wireMenuItem))
const formId = z.union([z.number().int().nonnegative(), z.string().regex(/^[A-Za-z0-9_-]{1,50}$/, 'must be a number or a slug')])

const popupFile = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  content: z.string(),
  options: z.object({ classname: z.string().optional() }).default({}),
  shortcode_data: wireShortcodeData.default({}),
  /** The form the popup shows: its definition is sent in the answer's shortcode_data. */
  form_id: formId.optional(),
})
type PopupFile = z.infer<typeof popupFile>

/**
 * A form definition file: the contract's definition (requirements §3), an id equal to the file
 * name, and what a successful submission answers (Gravity Forms' confirmation, which it
 * keeps on the server: it is not sent with the definition).
 */
const formFile = wireFormDefinition.extend({
  id: formId,
  /** HTML shown inline after a successful submission (requirements §8); empty: a default thank-you. */
  confirmation_message: z.string().max(500_000).default(''),
  confirmation_type: z.literal('message').default('message'),
})
export type FormFile = z.infer<typeof formFile>

/** options.json: the site options the answers carry, and the chat setting (answered in each page's `chat`, not in options). */
const optionsFile = wireOptions.extend({ chat: wireChat.nullable().default(null) })

export interface LocaleContent {
  locale: string
  options: z.infer<typeof wireOptions>
  /** The live chat of every page of this locale (requirements §3 `chat`), or null for none. */
  chat: z.infer<typeof wireChat> | null
  menus: z.infer<typeof menusFile>
  categories: z.infer<typeof wireTerm>[]
  tags: z.infer<typeof wireTerm>[]
  pages: Map<string, PageFile>
  posts: PostRecord[]
  popups: Map<string, PopupFile>
  /** Items of each content type (cmsConfig.types), by type, newest first. */
  items: Map<string, ItemRecord[]>
  /** Form definitions by id (as a string). */
  forms: Map<string, FormFile>
}

export interface ContentStore {
  locales(): string[]
  get(locale: string): Promise<LocaleContent | null>
  reload(): void
}

async function readJson<T extends z.ZodType>(file: string, schema: T): Promise<z.infer<T>> {
  const raw = await readFile(file, 'utf8')
  const result = schema.safeParse(withGeneratedSizes(JSON.parse(raw)))
  if (!result.success) {
    throw new Error(`${file}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  }
  return result.data
}

async function listFiles(dir: string, extension: string): Promise<string[]> {
  try {
    const names = await readdir(dir)
    return names
      .filter((name) => name.endsWith(extension))
      .sort()
      .map((name) => path.join(dir, name))
  } catch {
    return []
  }
}

function splitFrontMatter(raw: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw)
  if (!match) throw new Error(`${file}: missing front matter`)
  return { data: parseYaml(match[1] ?? ''), body: match[2] ?? '' }
}

async function readPost(file: string): Promise<PostRecord> {
  return readMarkdown(file, postFrontMatter)
}

async function readItem(file: string, type: string): Promise<ItemRecord> {
  const item = await readMarkdown(file, itemFrontMatter)
  if (item.slug !== path.basename(file, '.md')) throw new Error(`${file}: slug must be the file name (${item.slug})`)
  return { ...item, type }
}

async function readMarkdown<T extends z.ZodType<{ slug: string }>>(
  file: string,
  schema: T,
): Promise<z.infer<T> & { html: string; text: string; readingMinutes: number }> {
  const { data, body } = splitFrontMatter(await readFile(file, 'utf8'), file)
  const result = schema.safeParse(withGeneratedSizes(data))
  if (!result.success) {
    throw new Error(`${file}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  }
  const html = await marked.parse(body)
  const text = body
    .replace(/[#*_`>[\]()-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const words = text.split(' ').filter(Boolean).length
  return { ...result.data, html, text, readingMinutes: Math.max(1, Math.round(words / 220)) }
}

async function loadLocale(root: string, locale: string): Promise<LocaleContent> {
  const dir = path.join(root, locale)
  const [{ chat, ...options }, menus, taxonomies] = await Promise.all([
    readJson(path.join(dir, 'options.json'), optionsFile),
    readJson(path.join(dir, 'menus.json'), menusFile),
    readJson(path.join(dir, 'taxonomies.json'), taxonomiesFile),
  ])
  const pages = new Map<string, PageFile>()
  for (const file of await listFiles(path.join(dir, 'pages'), '.json')) {
    const page = await readJson(file, pageFile)
    pages.set(page.path, page)
  }
  const posts = await Promise.all((await listFiles(path.join(dir, 'posts'), '.md')).map(readPost))
  posts.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
  const items = new Map<string, ItemRecord[]>()
  for (const [type, config] of Object.entries(cmsConfig.types)) {
    const list = await Promise.all((await listFiles(path.join(dir, config.folder), '.md')).map((file) => readItem(file, type)))
    items.set(
      type,
      list.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id),
    )
  }
  const popups = new Map<string, PopupFile>()
  for (const file of await listFiles(path.join(dir, 'popups'), '.json')) {
    const popup = await readJson(file, popupFile)
    popups.set(String(popup.id), popup)
  }
  return {
    locale,
    options,
    chat,
    menus,
    categories: taxonomies.categories,
    tags: taxonomies.tags,
    pages,
    posts,
    popups,
    items,
    forms: await loadForms(root, locale),
  }
}

async function loadForms(root: string, locale: string): Promise<Map<string, FormFile>> {
  const forms = new Map<string, FormFile>()
  for (const file of await listFiles(path.join(root, locale, 'forms'), '.json')) {
    const form = await readJson(file, formFile)
    if (String(form.id) !== path.basename(file, '.json')) throw new Error(`${file}: id must be the file name (${String(form.id)})`)
    const ids = form.fields.map((field) => String(field.id))
    const repeated = ids.find((id, index) => ids.indexOf(id) !== index)
    if (repeated !== undefined) throw new Error(`${file}: field id ${repeated} is used twice`)
    forms.set(String(form.id), form)
  }
  return forms
}

/** A locale's content with the fallback locale's forms for every form it has no file for. */
async function loadLocaleWithFallbackForms(root: string, locale: string, fallbackLocale: string): Promise<LocaleContent> {
  const content = await loadLocale(root, locale)
  if (locale === fallbackLocale) return content
  const fallback = await loadForms(root, fallbackLocale)
  return { ...content, forms: new Map([...fallback, ...content.forms]) }
}

/**
 * A locale with no folder of its own is answered with the fallback locale's content (as
 * WordPress translation plugins show the default language when a translation is missing),
 * so enabling a locale in app/config/site.ts works before its content is written.
 */
export function createContentStore(root: string, locales: readonly string[], fallbackLocale = locales[0] ?? 'en'): ContentStore {
  let cache = new Map<string, Promise<LocaleContent>>()
  return {
    locales: () => [...locales],
    async get(locale) {
      if (!locales.includes(locale)) return null
      let entry = cache.get(locale)
      if (!entry) {
        const folder = existsSync(path.join(root, locale)) ? locale : fallbackLocale
        entry = loadLocaleWithFallbackForms(root, folder, fallbackLocale).then((content) => ({ ...content, locale }))
        cache.set(locale, entry)
        // A broken file should not poison the cache forever: the next call reads again.
        entry.catch(() => cache.delete(locale))
      }
      return entry
    },
    reload() {
      cache = new Map()
    },
  }
}
