/**
 * What the seed (scripts/wordpress/seed.ts) writes on every run, changed content or not:
 * the plugin's settings from content/'s options and forms, WordPress's title, and the
 * palette of options.json as the editor's own colours.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { FormFile, LocaleContent } from '../../cms/content-store'
import { rest, type Json } from './wp-rest'

function formsOf(content: LocaleContent): Record<string, FormFile> {
  return Object.fromEntries([...content.forms.entries()].map(([id, form]) => [id, form]))
}

/** The plugin's settings (site URL, secrets, locales, chat, footer fields and forms per locale) and WordPress's title. */
export async function seedSettings(contents: Map<string, LocaleContent>, en: LocaleContent): Promise<void> {
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
    site_url: process.env.WORDPRESS_SITE_URL ?? en.options.host_url,
    // Secrets only when given: a value an admin set in the settings page stays otherwise.
    ...(process.env.WORDPRESS_PREVIEW_SECRET ? { preview_secret: process.env.WORDPRESS_PREVIEW_SECRET } : {}),
    ...(process.env.WORDPRESS_REVALIDATE_SECRET ? { revalidate_secret: process.env.WORDPRESS_REVALIDATE_SECRET } : {}),
    logo_url: en.options.organization.logo_url ?? '',
    locales: [...contents.keys()].join(','),
    trusted_proxies: '127.0.0.1, ::1',
    // The chat every page offers, as options.json says (the built-in one: tickets in WordPress).
    chat_provider: en.chat?.provider ?? '',
    chat_widget_id: en.chat?.widget_id ?? '',
    mail_entries: true,
    site,
    forms,
  })
  await rest('POST', '/wp/v2/settings', {
    title: en.options.organization.name,
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
export async function seedPalette(en: LocaleContent): Promise<void> {
  const palette = en.options.palette ?? []
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
