/**
 * The site's frame as the content contract carries it with every page (wire.ts): the
 * menus by location and the site-wide options.
 */
import { z } from 'zod'
import { html, MAX_TEXT, text, wireId } from './wire-primitives'

/** Requirements §3 Menu item: id, title, url, target, object_id, post_parent (false for top level), relative_path. */
export const wireMenuItem = z.object({
  id: wireId,
  title: text,
  url: z.string().max(MAX_TEXT),
  target: z.string().max(20).optional().default(''),
  object_id: wireId.optional(),
  post_parent: z.union([z.literal(false), wireId]).default(false),
  relative_path: z.string().max(MAX_TEXT).optional(),
  classes: z.array(z.string().max(100)).max(20).optional(),
})

/** Requirements §3 Menu locations: primary, primary-submenu, footer-1 to footer-4, socials. */
export const menuLocations = ['primary', 'primary-submenu', 'footer-1', 'footer-2', 'footer-3', 'footer-4', 'socials'] as const
export type MenuLocation = (typeof menuLocations)[number]

const menuList = z.array(wireMenuItem).max(500)
export const wireMenus = z.object({
  primary: menuList.optional(),
  'primary-submenu': menuList.optional(),
  'footer-1': menuList.optional(),
  'footer-2': menuList.optional(),
  'footer-3': menuList.optional(),
  'footer-4': menuList.optional(),
  socials: menuList.optional(),
})

/** Requirements §3 Options (the site-wide options that come with every page): organization, host_url. */
export const wireOptions = z.object({
  organization: z.object({
    name: text,
    logo_url: z.string().max(MAX_TEXT).optional(),
  }),
  host_url: z.string().max(MAX_TEXT),
  /** Ours: the address widget, review and status badge data for the footer (requirements §2.4). */
  address: html.optional(),
  phone: z.string().max(40).optional(),
  shop_url: z.string().max(MAX_TEXT).optional(),
  review_badge: z.object({ label: text, url: z.string().max(MAX_TEXT) }).optional(),
  status_badge: z.object({ label: text, url: z.string().max(MAX_TEXT) }).optional(),
  /**
   * Ours: the theme's colour palette (docs/decisions/028), for the editor's `has-{slug}-color`
   * classes and `var(--wp--preset--color--{slug})`: each slug's colour, and its colour in
   * the dark theme (else the same one).
   */
  palette: z
    .array(z.object({ slug: z.string().max(100), name: text.optional(), color: z.string().max(100), dark: z.string().max(100).optional() }))
    .max(200)
    .optional(),
})

export type WireMenuItem = z.infer<typeof wireMenuItem>
export type WireMenus = z.infer<typeof wireMenus>
export type WireOptions = z.infer<typeof wireOptions>
