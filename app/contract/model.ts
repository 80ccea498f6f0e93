/**
 * The app's own content types: what routes and components see. Produced from the wire
 * shapes (wire.ts) by reshape.ts, which also cleans up (backend URLs become app routes,
 * HTML is sanitized, missing alt text is filled in, hidden items are dropped).
 */
import type { FormDefinition } from './forms/definition'
import type { MenuLocation } from './wire-site'

/** Data that is plain JSON: what CMS-defined structures (section data, forms) are reduced to. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export interface Image {
  src: string
  width: number
  height: number
  alt: string
  /** The backend could not produce this image; components show their fallback. */
  error: boolean
  /** Smaller copies of the same picture the backend made, narrowest first (empty when it has none). */
  sizes?: ImageSize[]
}

export interface ImageSize {
  src: string
  width: number
}

export interface MenuLink {
  id: string
  title: string
  /** An app route (no locale prefix) when internal, else an absolute URL. */
  href: string
  internal: boolean
  /** Opens in a new tab only when the backend's `target` says so. */
  newTab: boolean
  /** The popup id when the link's hash is `#popup-{id}` (requirements §2). */
  popupId: string | null
  /** The backend's post_parent: the id of the item this one belongs under, in any location. */
  parentId: string | null
  children: MenuLink[]
}

export type Menus = Record<MenuLocation, MenuLink[]>

export interface SiteOptions {
  organizationName: string
  logoUrl: string | null
  /** The company's main site (requirements §2: the error screen's 'GO TO HOMEPAGE'). */
  hostUrl: string
  /** The public origin of this site, for canonical and alternate URLs (SITE_URL, else host_url). */
  siteUrl: string
  /** Origins whose links are the site's own (host_url, the backend, SITE_URL): links to them become app routes. */
  ownOrigins: string[]
  addressHtml: string
  /** The help desk's phone number, for the top bar and the support modal. */
  phone: string | null
  /** The shop (requirements §2: shop link with cart icon). */
  shopUrl: string | null
  reviewBadge: { label: string; url: string } | null
  statusBadge: { label: string; url: string } | null
  /** The theme's palette, slug → colour in the light and the dark theme (docs/decisions/028); valid slugs and colours only. */
  palette: PaletteColor[]
}

export interface PaletteColor {
  slug: string
  light: string
  /** Its value as text and borders in the dark theme: the backend's, else one with 4.5:1 on the dark surface (palette-contrast.ts). */
  dark: string
  /** Its value as a background in the dark theme: the backend's dark value, else one under which the dark ink has 4.5:1. */
  darkBackground: string
}

export interface PageMeta {
  title: string | null
  description: string | null
  keywords: string | null
  author: string | null
  robots: string | null
  ogTitle: string | null
  ogDescription: string | null
  ogImage: string | null
  twitterTitle: string | null
  twitterDescription: string | null
  twitterImage: string | null
  twitterCard: string | null
  canonical: string | null
  favicon: string | null
}

export interface Term {
  id: string
  name: string
  slug: string
  count: number
}

export interface PostSummary {
  id: string
  slug: string
  title: string
  /** Sanitized HTML. */
  excerptHtml: string
  date: string
  modified: string | null
  author: string | null
  featuredImage: Image | null
  categories: Term[]
  tags: Term[]
  readingMinutes: number | null
}

export interface Post extends PostSummary {
  /** Sanitized HTML. */
  contentHtml: string
  /** An item's labelled facts (a case study's client, industry, outcome); empty for posts. */
  fields: Array<{ label: string; value: string }>
}

export interface Breadcrumb {
  href: string
  title: string
  internal: boolean
}

/**
 * A section block and its data: plain JSON from the backend, which the server checks
 * against the block's own schema (app/contract/sections/schemas.ts) before the page leaves it.
 */
export interface Section {
  key: string
  layout: string
  data: JsonObject
  /** Requirements §9 scroll animations: the block opts in with `animate: true` beside its data. */
  animate: boolean
}

export interface Language {
  locale: string
  name: string
  href: string
  active: boolean
}

export interface SearchResults {
  query: string
  total: number
  page: number
  perPage: number
  corrected: string | null
  /** `label`: an item's content type as the site names it (decision 029); null for pages and posts. */
  results: Array<{ type: 'page' | 'post' | 'item'; title: string; href: string; excerptHtml: string; label: string | null }>
}

interface Pagination {
  page: number
  perPage: number
  total: number
  totalPages: number
}

/** What every kind of page has: its frame, head and sidebar data. */
interface PageCommon {
  id: string | null
  slug: string
  /** The page's heading: its own title, else its document title. */
  title: string
  /** `default` or `static` (requirements §2 Layouts); anything else is `default`. */
  layout: 'default' | 'static'
  featuredImage: Image | null
  backgroundImage: Image | null
  /** Requirements §3: body_classes joined with spaces, reduced to safe class names. */
  bodyClass: string
  /** The page wrapper's data-page value; customCss only applies inside it. */
  scopeId: string
  /** Page CSS, scoped to the page, that cannot close its style element. */
  customCss: string
  devMode: boolean
  /** An unpublished draft, shown through a signed preview link. */
  preview: boolean
  languages: Language[]
  notifications: Array<{ id: string; messageHtml: string; type: string }>
  widgets: Record<string, Array<{ id: string; type: string; title: string | null; contentHtml: string }>>
  breadcrumbs: Breadcrumb[]
  recentPosts: PostSummary[]
  tags: Term[]
  categories: Term[]
  /** Requirements §2: `s` on any page path shows these results in place of the page. */
  search: SearchResults | null
  meta: PageMeta
  /** JSON-LD objects for the head. */
  schema: JsonObject[]
  admin: { dashboardUrl: string | null; editPostUrl: string | null; pageLayout: string | null }
  /** Requirements §3 `chat`: the live chat this page offers, or null for none (docs/content-api.md). */
  chat: ChatSettings | null
}

/** The chat providers the site knows: its own panel over the backend, and Crisp by its website id. */
export type ChatSettings = { provider: 'builtin' } | { provider: 'crisp'; widgetId: string }

/** A page of section blocks (requirements §3 content.sections). */
export interface ContentPage extends PageCommon {
  kind: 'page'
  sections: Section[]
  /** Form definitions by id (requirements §3 shortcode_data), read on the server; null where one cannot be used. */
  forms: Record<string, FormDefinition | null>
  pageContentHtml: string
}

/** An article (requirements §3 content.blog_post). */
export interface ArticlePage extends PageCommon {
  kind: 'post'
  post: Post
  previousPost: { slug: string; title: string } | null
  nextPost: { slug: string; title: string } | null
  comments: Array<{ id: string; author: string; date: string; contentHtml: string }>
}

/**
 * The blog home or a category listing. Its first page comes with the page answer
 * (`filtered_blogs`, requirements §3.2) when the backend sends it; the pages "Load more"
 * appends come from `/api/v1/posts`.
 */
export interface ListingPage extends PageCommon {
  kind: 'blog' | 'category' | 'archive'
  /** An `archive`'s content type (decision 029): its items are listed; null on the blog's listings. */
  itemType: string | null
  category: Term | null
  /** `filtered_blogs` with its `pagination`; null when the answer has no pagination to read them by. */
  firstPosts: PostList | null
}

/** One item of a routed content type (decision 029): a post of another type, with its facts. */
export interface ItemPage extends PageCommon {
  kind: 'item'
  itemType: string
  post: Post
}

export type Page = ContentPage | ArticlePage | ListingPage | ItemPage

/** What one page request yields: the page plus the shell's data. */
export interface PageData {
  page: Page
  menus: Menus
  options: SiteOptions
}

export interface Popup {
  id: string
  title: string
  contentHtml: string
  className: string
  forms: Record<string, FormDefinition | null>
}

export interface PostList {
  posts: PostSummary[]
  pagination: Pagination | null
  /** The backend could not be asked; the list is empty for that reason, not because there are no posts. */
  failed?: boolean
}

export type CommentOutcome =
  { ok: true } | { ok: false; reason: 'required' | 'email' | 'empty' | 'too-long' | 'duplicate' | 'flood' | 'closed' | 'unavailable' }
