/**
 * The demo content in content/{en,de}/ is the site a visitor and the e2e suite see:
 * every page must render every one of its sections, both languages must carry the same
 * documents, every image and popup a page points at must exist, and internal links must
 * lead somewhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { Locale } from '../../app/config/site'
import { typeTargetOf } from '../../app/contract/content-types'
import { sectionRegistry } from '../../app/sections/registry'
import { sectionSchemaFor } from '../../app/contract/sections/schemas'
import { createContentStore, type LocaleContent, type PageFile } from '../../cms/content-store'

const locales = ['en', 'de'] as const
const store = createContentStore(path.resolve('content'), locales)
const load = async (locale: string): Promise<LocaleContent> => {
  const content = await store.get(locale)
  if (!content) throw new Error(`no content for ${locale}`)
  return content
}
const published = (content: LocaleContent) => [...content.pages.values()].filter((page) => page.status === 'publish')

/** Keys a block may carry besides its schema's own: the section wrapper's and the hero's background. */
const wrapperKeys = new Set(['animate'])

function sectionData(section: PageFile['sections'][number]): Record<string, unknown> {
  const { layout: _layout, id: _id, ...data } = section
  return data
}

/** Every image object ({ url, width?, height? }) and image-like URL anywhere in a value. */
function imagesIn(value: unknown, found: Array<{ url: string; width?: number; height?: number }> = []) {
  if (Array.isArray(value)) value.forEach((item) => imagesIn(item, found))
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    if (
      typeof record.url === 'string' &&
      ('width' in record || 'height' in record || /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(record.url))
    ) {
      found.push({ url: record.url, width: record.width as number | undefined, height: record.height as number | undefined })
    }
    for (const [key, entry] of Object.entries(record)) {
      // The CMS's generated sizes (cms/image-sizes.ts): the build makes their files.
      if (key === 'srcset') continue
      if ((key === 'og:img' || key === 'twitter:img' || key === 'logo_url') && typeof entry === 'string') found.push({ url: entry })
      else imagesIn(entry, found)
    }
  }
  return found
}

/** Every href in HTML strings and every `url` of link objects, anywhere in a value. */
function linksIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') for (const match of value.matchAll(/href="([^"]*)"/g)) found.push(match[1]!)
  else if (Array.isArray(value)) value.forEach((item) => linksIn(item, found))
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const isImage = 'width' in record || 'height' in record
    if (typeof record.url === 'string' && !isImage) found.push(record.url)
    for (const [key, entry] of Object.entries(record)) if (key !== 'url') linksIn(entry, found)
  }
  return found
}

function svgAspect(file: string): number | null {
  const viewBox = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(readFileSync(file, 'utf8'))
  return viewBox ? Number(viewBox[1]) / Number(viewBox[2]) : null
}

describe('demo content', () => {
  for (const locale of locales) {
    describe(locale, () => {
      it('every section of every page parses with its block schema and carries no unknown fields', async () => {
        const content = await load(locale)
        const problems: string[] = []
        for (const page of content.pages.values()) {
          page.sections.forEach((section, index) => {
            const where = `${page.path} #${index} (${section.layout})`
            const data = sectionData(section)
            const schema = sectionSchemaFor(section.layout)
            if (!schema) {
              problems.push(`${where}: no block is registered for this layout`)
              return
            }
            const parsed = schema.safeParse(data)
            if (!parsed.success)
              problems.push(`${where}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`)
            const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape
            if (shape) {
              const allowed = new Set([...Object.keys(shape), ...wrapperKeys])
              const unknown = Object.keys(data).filter((key) => !allowed.has(key))
              if (unknown.length > 0) problems.push(`${where}: unknown fields ${unknown.join(', ')}`)
            }
          })
        }
        expect(problems).toEqual([])
      })

      it('uses every registered block on a published page, and the hero with a background image', async () => {
        const content = await load(locale)
        const sections = published(content).flatMap((page) => page.sections)
        const used = new Set(sections.map((section) => section.layout))
        expect(Object.keys(sectionRegistry).filter((layout) => !used.has(layout))).toEqual([])
        expect(used.has('support_modal_trigger')).toBe(true)
        expect(sections.some((section) => section.layout === 'hero' && (section as { background_image?: unknown }).background_image)).toBe(
          true,
        )
        expect(sections.some((section) => section.animate === true)).toBe(true)
      })

      it('uses the page-level fields: featured and background images, notifications', async () => {
        const pages = published(await load(locale))
        expect(pages.filter((page) => page.featured_image).length).toBeGreaterThanOrEqual(3)
        expect(pages.some((page) => page.background_image)).toBe(true)
        expect(pages.some((page) => page.notifications.length > 0)).toBe(true)
      })

      it('gives every form section the form it is meant to show', async () => {
        const content = await load(locale)
        const expected: Record<string, string[]> = {
          contact_form: ['1', '2'],
          free_consultation_form: ['3'],
          support_form: ['4'],
          login_form: ['6', '7', '8', '9'],
        }
        for (const page of content.pages.values()) {
          for (const section of page.sections) {
            if (section.layout in expected)
              expect(expected[section.layout], `${page.path}: ${section.layout}`).toContain(String(section.form_id))
          }
        }
        // The form definitions live beside the content (content/{locale}/forms/{id}.json).
        if (existsSync(`content/${locale}/forms`)) {
          const referenced = new Set(
            [...content.pages.values()].flatMap((page) =>
              page.sections.flatMap((section) => (section.layout in expected ? [String(section.form_id)] : [])),
            ),
          )
          for (const id of referenced) expect(existsSync(`content/${locale}/forms/${id}.json`), `form ${id}`).toBe(true)
        }
        const loginForm = (pagePath: string) =>
          content.pages.get(pagePath)?.sections.find((section) => section.layout === 'login_form')?.form_id
        expect([loginForm('login'), loginForm('register'), loginForm('forgot-password'), loginForm('reset-password')]).toEqual([
          '6',
          '7',
          '8',
          '9',
        ])
      })

      it('keeps account pages out of search engines', async () => {
        const content = await load(locale)
        for (const pagePath of ['login', 'register', 'forgot-password', 'reset-password']) {
          expect(content.pages.get(pagePath)?.meta.robots, pagePath).toMatch(/noindex/)
        }
      })

      it('has 12 published posts in 3 categories using all 8 tags', async () => {
        const content = await load(locale)
        const posts = content.posts.filter((post) => post.status === 'publish')
        expect(posts).toHaveLength(12)
        expect(content.categories).toHaveLength(3)
        expect(content.tags).toHaveLength(8)
        expect(new Set(posts.flatMap((post) => post.categories))).toEqual(new Set(content.categories.map((term) => term.slug)))
        expect(new Set(posts.flatMap((post) => post.tags))).toEqual(new Set(content.tags.map((term) => term.slug)))
        expect(new Set(posts.map((post) => post.id)).size).toBe(posts.length)
        for (const post of posts) expect(post.featured_image?.url, post.slug).toBe(`/images/posts/${post.slug}.webp`)
      })

      it('points only at images that exist, sized like their file', async () => {
        const content = await load(locale)
        const images = [
          ...imagesIn([...content.pages.values()]),
          ...imagesIn(content.posts.map((post) => post.featured_image)),
          ...imagesIn([...content.items.values()].flat().map((item) => item.featured_image)),
          ...imagesIn(content.options),
        ]
        expect(images.length).toBeGreaterThan(20)
        const problems: string[] = []
        for (const image of images) {
          if (!image.url.startsWith('/')) continue
          const file = path.join('public', image.url)
          if (!existsSync(file)) {
            problems.push(`${image.url} does not exist`)
            continue
          }
          const aspect = file.endsWith('.svg') ? svgAspect(file) : null
          if (aspect && image.width && image.height && Math.abs(image.width / image.height - aspect) > 0.01) {
            problems.push(`${image.url}: ${image.width}×${image.height} does not match its viewBox`)
          }
          // A raster image's generated sizes are named from its declared size: it must be the file's.
          if (!file.endsWith('.svg')) {
            const { width, height } = await sharp(file).metadata()
            if (image.width !== width || image.height !== height) {
              problems.push(`${image.url}: declared ${image.width}×${image.height}, the file is ${width}×${height}`)
            }
          }
        }
        expect(problems).toEqual([])
      })

      it('has a popup for every #popup- link in pages, menus, posts and popups', async () => {
        const content = await load(locale)
        const sources: unknown[] = [
          [...content.pages.values()],
          content.menus,
          content.posts.map((post) => post.html),
          [...content.popups.values()],
        ]
        const ids = new Set(linksIn(sources).flatMap((href) => /#popup-([A-Za-z0-9_-]+)$/.exec(href)?.[1] ?? []))
        expect([...ids].sort()).toEqual(['callback', 'cyber-essentials-checklist', 'newsletter'])
        for (const id of ids) expect(content.popups.has(id), id).toBe(true)
        const menuPopups = Object.values(content.menus)
          .flat()
          .flatMap((item) => /#popup-([\w-]+)$/.exec(item.url)?.[1] ?? [])
        expect(new Set(menuPopups)).toEqual(ids)
        expect(content.popups.has('support')).toBe(true)
      })

      it('links only to pages, posts, listings and items of a content type that exist, in its own language', async () => {
        const content = await load(locale)
        const prefix = locale === 'en' ? '' : `/${locale}`
        const pages = new Set(published(content).map((page) => page.path))
        const posts = new Set(content.posts.filter((post) => post.status === 'publish').map((post) => post.slug))
        const categories = new Set(content.categories.map((term) => term.slug))
        const tags = new Set(content.tags.map((term) => term.slug))
        const host = content.options.host_url
        const menuLinks = Object.values(content.menus)
          .flat()
          .map((item) => item.relative_path ?? item.url)
        const links = [
          ...linksIn([...content.pages.values()]),
          ...linksIn(content.posts.map((post) => post.html)),
          ...linksIn([...content.popups.values()]),
          ...menuLinks,
        ]
        const problems: string[] = []
        for (const raw of links) {
          const href = raw.startsWith(host) ? raw.slice(host.length) || '/' : raw
          if (!href.startsWith('/')) continue
          // A file the site serves itself (a download of the file block) belongs to no language; it must exist.
          if (href.startsWith('/media/')) {
            if (!existsSync(path.join('public', href))) problems.push(`${raw}: no such file in public/`)
            continue
          }
          const own = href === prefix || href.startsWith(`${prefix}/`)
          if (!own || (locale === 'en' && /^\/(de)(\/|$)/.test(href))) {
            problems.push(`${raw}: not a ${locale} path`)
            continue
          }
          const rest = href
            .slice(prefix.length)
            .replace(/[?#].*$/, '')
            .replace(/^\/|\/$/g, '')
          const [first, second, third] = rest.split('/')
          const ok =
            rest === '' ||
            pages.has(rest) ||
            (first === 'blog' && second !== undefined && third === undefined && posts.has(second)) ||
            (first === 'blog' && second === 'category' && third !== undefined && categories.has(third)) ||
            (first === 'blog' && second === 'tag' && third !== undefined && tags.has(third)) ||
            typeLinkExists(content, locale, rest)
          if (!ok) problems.push(`${raw}: nothing there`)
        }
        expect(problems).toEqual([])
      })
    })
  }

  it('has every page and post in both languages, with the same ids, paths and slugs', async () => {
    const [en, de] = await Promise.all([load('en'), load('de')])
    const pages = (content: LocaleContent) =>
      [...content.pages.values()].map((page) => `${page.key} ${page.id} ${page.path} ${page.status}`).sort()
    expect(pages(de)).toEqual(pages(en))
    for (const content of [en, de]) expect(new Set([...content.pages.values()].map((page) => page.id)).size).toBe(content.pages.size)
    const posts = (content: LocaleContent) => content.posts.map((post) => `${post.key} ${post.slug} ${post.date}`).sort()
    expect(posts(de)).toEqual(posts(en))
    // Post ids: 2xx in English, 3xx in German (the same document, one id per translation).
    expect(
      en.posts.every(
        (post) => post.id >= 200 && post.id < 300 && de.posts.some((other) => other.key === post.key && other.id === post.id + 100),
      ),
    ).toBe(true)
  })

  it('has the same popups and menu structure in both languages, and the form ids the popups show', async () => {
    const [en, de] = await Promise.all([load('en'), load('de')])
    expect([...de.popups.keys()].sort()).toEqual([...en.popups.keys()].sort())
    const shape = (content: LocaleContent) =>
      Object.entries(content.menus).map(([location, items]) => [location, items.map((item) => `${item.id}:${item.post_parent}`)])
    expect(shape(de)).toEqual(shape(en))
    // Read from the files themselves, so the check does not depend on what the loader keeps.
    for (const locale of locales) {
      const formIds = Object.fromEntries(
        readdirSync(`content/${locale}/popups`).map((name) => {
          const popup = JSON.parse(readFileSync(`content/${locale}/popups/${name}`, 'utf8')) as { id: string; form_id?: string }
          return [popup.id, popup.form_id ?? null]
        }),
      )
      expect(formIds).toEqual({ newsletter: '5', callback: '2', 'cyber-essentials-checklist': null, support: '4' })
    }
  })
})

describe('demo case studies (decision 029)', () => {
  it('has three in each language, each translated (one key in both), with its facts and image', async () => {
    const [en, de] = await Promise.all([load('en'), load('de')])
    const studies = (content: LocaleContent) => content.items.get('case_study') ?? []
    expect(studies(en)).toHaveLength(3)
    expect(
      studies(de)
        .map((item) => item.key)
        .sort(),
    ).toEqual(
      studies(en)
        .map((item) => item.key)
        .sort(),
    )
    for (const item of [...studies(en), ...studies(de)]) {
      expect(item.fields.length, item.slug).toBeGreaterThanOrEqual(4)
      expect(item.featured_image && existsSync(path.join('public', item.featured_image.url)), item.slug).toBe(true)
    }
  })
})

/** A routed content type's listing, or one of its published items (decision 029). */
function typeLinkExists(content: LocaleContent, locale: Locale, pageName: string): boolean {
  const target = typeTargetOf(locale, pageName)
  if (!target) return false
  const items = content.items.get(target.type)?.filter((item) => item.status === 'publish') ?? []
  return target.slug === null ? items.length > 0 : items.some((item) => item.slug === target.slug)
}
