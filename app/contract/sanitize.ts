/**
 * Cleaning of CMS-provided HTML, text and class names (page CSS: page-css.ts). Runs on
 * the server at the content boundary (reshape), so the browser only ever receives clean
 * markup.
 */
import sanitizeHtml from 'sanitize-html'
import { siteConfig } from '../config/site'
import { embedFor, type Embed } from '../lib/embeds'
import { cleanInlineStyle } from './inline-style'

const allowedTags = [
  ...sanitizeHtml.defaults.allowedTags,
  'img',
  'figure',
  'figcaption',
  'picture',
  'source',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'del',
  'ins',
  'sup',
  'sub',
  'details',
  'summary',
  'mark',
  // The editor's media blocks (docs/decisions/028); their URLs are held to http(s) below.
  'video',
  'audio',
  'track',
  'caption',
  'col',
  'colgroup',
]

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    // `style` is rewritten by cleanInlineStyle before this list is applied (transformTags '*').
    '*': ['id', 'class', 'lang', 'dir', 'title', 'aria-label', 'aria-hidden', 'role', 'style'],
    a: ['href', 'name', 'target', 'rel', 'download', 'data-embed-src', 'data-embed-provider'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    source: ['src', 'srcset', 'sizes', 'type', 'media'],
    video: ['src', 'poster', 'controls', 'muted', 'loop', 'playsinline', 'preload', 'width', 'height'],
    audio: ['src', 'controls', 'loop', 'preload'],
    track: ['src', 'kind', 'srclang', 'label', 'default'],
    td: ['colspan', 'rowspan', 'headers'],
    th: ['colspan', 'rowspan', 'scope', 'headers'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'reversed', 'type'],
    details: ['open'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {
    img: ['http', 'https', 'data'],
    video: ['http', 'https'],
    audio: ['http', 'https'],
    source: ['http', 'https'],
    track: ['http', 'https'],
  },
  // A video's poster is a URL the browser loads like an image's src.
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
  allowProtocolRelative: false,
  // `download` with no value (as the file block writes it) is a flag, not an empty attribute to drop.
  nonBooleanAttributes: sanitizeHtml.defaults.nonBooleanAttributes.filter((name) => name !== 'download'),
  // Styles are parsed and written back by cleanInlineStyle, never passed on as CSS text.
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => {
      if (attribs.style === undefined) return { tagName, attribs }
      const { style, ...rest } = attribs
      const clean = cleanInlineStyle(style)
      return { tagName, attribs: clean ? { ...rest, style: clean } : rest }
    },
    // A frame of a configured provider becomes its click-to-load placeholder; any other
    // stays an iframe, which is not an allowed tag, so it is dropped. (Renaming a dropped
    // tag would make sanitize-html rename the next closing tag at its depth too.)
    iframe: (tagName, attribs) => {
      const embed = embedFor(attribs.src ?? '')
      if (!embed) return { tagName, attribs: {}, text: '' }
      return {
        tagName: 'a',
        attribs: placeholderAttributes(embed),
        text: attribs.title || siteConfig.embeds.providers[embed.provider].name,
      }
    },
    // A link that opens a new tab must not hand the new page a reference back to ours.
    a: (tagName, rawAttribs) => {
      // Only a placeholder this file writes carries the embed's attributes, never an author's link.
      const { ['data-embed-src']: _src, ['data-embed-provider']: _provider, ...attribs } = rawAttribs
      if (attribs.target === '_blank') {
        const rel = new Set((attribs.rel ?? '').split(/\s+/).filter(Boolean))
        rel.add('noopener')
        rel.add('noreferrer')
        return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } }
      }
      return { tagName, attribs }
    },
  },
}

function placeholderAttributes(embed: Embed): Record<string, string> {
  return { href: embed.pageUrl, class: 'embed-placeholder', 'data-embed-src': embed.playerUrl, 'data-embed-provider': embed.provider }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * WordPress stores an embed block as its URL inside `wp-block-embed__wrapper` and turns it
 * into the provider's iframe only on its own pages; both forms become the same
 * placeholder. Runs on sanitized HTML, so the wrapper's text is plain, escaped text.
 */
function placeholdersForEmbedUrls(clean: string): string {
  return clean.replace(
    /(<div class="wp-block-embed__wrapper"[^>]*>)\s*(https?:\/\/[^\s<]+)\s*(<\/div>)/g,
    (whole, open: string, url: string, close: string) => {
      const embed = embedFor(url.replace(/&amp;/g, '&'))
      if (!embed) return whole
      const attributes = Object.entries(placeholderAttributes(embed))
        .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
        .join(' ')
      return `${open}<a ${attributes}>${siteConfig.embeds.providers[embed.provider].name}</a>${close}`
    },
  )
}

/**
 * HTML from the CMS, reduced to safe markup: no scripts, handlers or unsafe URLs; styles
 * only as cleanInlineStyle writes them; embeds only as placeholders (docs/decisions/028).
 */
export function sanitizeCmsHtml(dirty: string): string {
  if (!dirty) return ''
  const clean = sanitizeHtml(dirty, options)
  return clean.includes('wp-block-embed__wrapper') ? placeholdersForEmbedUrls(clean) : clean
}

/**
 * Gives h2–h4 headings an id from their text (kept if they have one), so sections of an
 * article can be linked to (`/blog/x#how-to-apply`).
 */
export function addHeadingAnchors(html: string): string {
  const used = new Set<string>()
  return html.replace(/<h([2-4])(\s[^>]*)?>([\s\S]*?)<\/h\1>/g, (whole, level: string, attrs: string | undefined, inner: string) => {
    if (attrs && /\sid=/.test(attrs)) return whole
    const base =
      htmlToText(inner)
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 80) || 'section'
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    return `<h${level} id="${id}"${attrs ?? ''}>${inner}</h${level}>`
  })
}

/**
 * The one rule for plain text from the backend (titles, names, labels, menu items, meta,
 * alt text): it carries characters, so it is decoded here once (WordPress's `&#8217;` and
 * `&amp;` become ’ and &) and escaped once on the way out, by React or the XML writer.
 * Nothing else decodes or escapes it. A `<` is a character like any other (React shows
 * it); runs of white space, including the vertical tab Word uses for a line break,
 * become one space, and other control characters are dropped.
 */
export function decodeText(value: string): string {
  // sanitize-html's parser decodes entities as a browser would; `<` is escaped first so
  // nothing in the text is read as a tag.
  return collapseText(unescapeText(sanitizeHtml(value.replace(/</g, '&lt;'), textOnly)))
}

/**
 * Plain text of CMS HTML (an excerpt in a feed or a meta tag, a heading's anchor): tags
 * dropped, entities decoded once, as `decodeText`.
 */
export function htmlToText(html: string): string {
  return collapseText(unescapeText(sanitizeHtml(html, textOnly)))
}

const textOnly: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} }

/** sanitize-html writes text back with `&`, `<` and `>` escaped; undone in one pass, so nothing is decoded twice. */
function unescapeText(escaped: string): string {
  return escaped.replace(/&(amp|lt|gt);/g, (_, name: string) => (name === 'amp' ? '&' : name === 'lt' ? '<' : '>'))
}

function collapseText(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      // oxlint-disable-next-line no-control-regex -- control characters are what this drops
      .replace(/[\u0000-\u001F\u007F]/g, '')
      .trim()
  )
}

/** Requirements §3 body_classes joined with spaces; only plain class-name characters survive. */
export function sanitizeClassList(classes: readonly string[]): string {
  return classes
    .flatMap((value) => value.split(/\s+/))
    .filter((value) => /^[A-Za-z_][A-Za-z0-9_-]{0,99}$/.test(value))
    .slice(0, 50)
    .join(' ')
}
