/**
 * Cleaning of CMS-provided HTML, text and class names (page CSS: page-css.ts). Runs on
 * the server at the content boundary (reshape), so the browser only ever receives clean
 * markup.
 */
import sanitizeHtml from 'sanitize-html'

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
]

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    '*': ['id', 'class', 'lang', 'dir', 'title', 'aria-label', 'aria-hidden', 'role'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'sizes', 'type', 'media'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'reversed', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab must not hand the new page a reference back to ours.
    a: (tagName, attribs) => {
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

/** HTML from the CMS, reduced to safe markup: no scripts, handlers, styles or unsafe URLs. */
export function sanitizeCmsHtml(dirty: string): string {
  if (!dirty) return ''
  return sanitizeHtml(dirty, options)
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
