/**
 * Block markup for the seed (scripts/wordpress/seed.ts): the embedded CMS's sections and
 * HTML as WordPress 6.1 block editor content. Core blocks are written exactly as the
 * editor's own serializer writes them (so the editor opens them without "unexpected
 * content"); the plugin's blocks are comment-only, their fields in the attributes.
 *
 * Which layout becomes which block (the plugin reads both back: its includes/sections.php):
 *   hero with a background image → core/cover; without → kestrel/hero
 *   rich_text → core/group (heading + paragraphs, lists, headings)
 *   cards → core/group (heading, intro paragraph, core/columns of heading + paragraph + button)
 *   testimonials → core/group (heading + core/quote, cite "Name<br>Role")
 *   call_to_action → core/group (heading, paragraph, core/buttons)
 *   everything else → the plugin's block of that layout (kestrel/faq, kestrel/statistics, …)
 */

type Attributes = Record<string, unknown>

/** Block attributes as WordPress serializes them (serializeAttributes in @wordpress/blocks). */
function attributes(value: Attributes): string {
  if (Object.keys(value).length === 0) return ''
  return (
    ' ' +
    JSON.stringify(value)
      .replace(/--/g, '\\u002d\\u002d')
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\\"/g, '\\u0022')
  )
}

export function serializeBlock(name: string, attrs: Attributes = {}, inner?: string): string {
  const short = name.startsWith('core/') ? name.slice(5) : name
  if (inner === undefined) return `<!-- wp:${short}${attributes(attrs)} /-->`
  return `<!-- wp:${short}${attributes(attrs)} -->\n${inner}\n<!-- /wp:${short} -->`
}

/** Text for rich-text HTML (headings, paragraphs, buttons). */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;')
}

const paragraph = (html: string) => serializeBlock('core/paragraph', {}, `<p>${html}</p>`)

function heading(html: string, level = 2): string {
  return serializeBlock('core/heading', level === 2 ? {} : { level }, `<h${level}>${html}</h${level}>`)
}

function buttons(links: Array<{ label: string; url: string }>): string {
  const inner = links
    .map((link) =>
      serializeBlock(
        'core/button',
        {},
        `<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="${escapeAttribute(link.url)}">${escapeText(link.label)}</a></div>`,
      ),
    )
    .join('\n\n')
  return serializeBlock('core/buttons', {}, `<div class="wp-block-buttons">${inner}</div>`)
}

function group(children: string[], className?: string): string {
  const attrs = className ? { className } : {}
  return serializeBlock(
    'core/group',
    attrs,
    `<div class="wp-block-group${className ? ` ${className}` : ''}">${children.join('\n\n')}</div>`,
  )
}

/** The top-level elements of an HTML fragment, as [tag, outer HTML, inner HTML]. */
function topLevel(html: string): Array<{ tag: string; outer: string; inner: string; attrs: string }> {
  const parts: Array<{ tag: string; outer: string; inner: string; attrs: string }> = []
  let rest = html.trim()
  while (rest !== '') {
    const open = /^<([a-z][a-z0-9]*)\b([^>]*)>/i.exec(rest)
    if (!open) {
      // Text outside any element: a paragraph of its own.
      const next = rest.indexOf('<')
      const text = next === -1 ? rest : rest.slice(0, next)
      if (text.trim() !== '') parts.push({ tag: 'p', outer: `<p>${text.trim()}</p>`, inner: text.trim(), attrs: '' })
      rest = next === -1 ? '' : rest.slice(next)
      if (next === 0) {
        // A stray closing tag: drop it.
        rest = rest.replace(/^<[^>]*>/, '')
      }
      rest = rest.trim()
      continue
    }
    const tag = open[1]!.toLowerCase()
    if (/^(br|hr|img)$/.test(tag) || open[0].endsWith('/>')) {
      parts.push({ tag, outer: open[0], inner: '', attrs: open[2] ?? '' })
      rest = rest.slice(open[0].length).trim()
      continue
    }
    const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi')
    pattern.lastIndex = 0
    let depth = 0
    let end = -1
    for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
      depth += match[1] === '/' ? -1 : 1
      if (depth === 0) {
        end = match.index + match[0].length
        break
      }
    }
    if (end === -1) end = rest.length
    const outer = rest.slice(0, end)
    const inner = outer.slice(open[0].length, outer.length - `</${tag}>`.length)
    parts.push({ tag, outer, inner, attrs: open[2] ?? '' })
    rest = rest.slice(end).trim()
  }
  return parts
}

/** HTML (content/'s body_html, Markdown rendered by the CMS) as core blocks. */
export function blocksFromHtml(html: string): string[] {
  return topLevel(html).map(({ tag, outer, inner, attrs }) => {
    if (tag === 'p' && attrs.trim() === '') return paragraph(inner.trim())
    const level = /^h([1-6])$/.exec(tag)
    if (level && attrs.trim() === '') return heading(inner.trim(), Number(level[1]))
    if ((tag === 'ul' || tag === 'ol') && attrs.trim() === '' && !/<(ul|ol)\b/i.test(inner)) {
      const items = topLevel(inner)
        .filter((item) => item.tag === 'li')
        .map((item) => serializeBlock('core/list-item', {}, `<li>${item.inner.trim()}</li>`))
      return serializeBlock('core/list', tag === 'ol' ? { ordered: true } : {}, `<${tag}>${items.join('\n\n')}</${tag}>`)
    }
    if (tag === 'blockquote' && attrs.trim() === '') {
      const inside = topLevel(inner).map((part) =>
        part.tag === 'p' ? paragraph(part.inner.trim()) : serializeBlock('core/html', {}, part.outer),
      )
      return serializeBlock('core/quote', {}, `<blockquote class="wp-block-quote">${inside.join('\n\n')}</blockquote>`)
    }
    // A separator with a style of its own (is-style-wide) keeps its markup as HTML.
    if (tag === 'hr' && attrs.trim() === '')
      return serializeBlock('core/separator', {}, '<hr class="wp-block-separator has-alpha-channel-opacity"/>')
    return serializeBlock('core/html', {}, outer)
  })
}

type Section = { layout: string } & Record<string, unknown>
type Link = { label: string; url: string }

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const isLink = (value: unknown): value is Link =>
  typeof value === 'object' && value !== null && typeof (value as Link).label === 'string' && typeof (value as Link).url === 'string'

/** One CMS section as block markup (see the table at the top). */
export function sectionBlocks(section: Section): string[] {
  const { layout, ...data } = section
  const animate = data.animate === true ? 'kestrel-animate' : undefined
  switch (layout) {
    case 'hero': {
      const background = data.background_image as { url: string; alt?: string } | undefined
      if (!background) break
      const inner = [
        ...(text(data.eyebrow) ? [paragraph(escapeText(text(data.eyebrow)))] : []),
        heading(escapeText(text(data.heading)), 1),
        ...(text(data.text) ? [paragraph(escapeText(text(data.text)))] : []),
        ...(isLink(data.cta) ? [buttons([data.cta, ...(isLink(data.secondary_cta) ? [data.secondary_cta] : [])])] : []),
      ]
      return [
        serializeBlock(
          'core/cover',
          { url: background.url, dimRatio: 50 },
          `<div class="wp-block-cover"><span aria-hidden="true" class="wp-block-cover__background has-background-dim"></span><img class="wp-block-cover__image-background" alt="${escapeAttribute(background.alt ?? '')}" src="${escapeAttribute(background.url)}" data-object-fit="cover"/><div class="wp-block-cover__inner-container">${inner.join('\n\n')}</div></div>`,
        ),
      ]
    }
    case 'rich_text':
      return [
        group([...(text(data.heading) ? [heading(escapeText(text(data.heading)))] : []), ...blocksFromHtml(text(data.body_html))], animate),
      ]
    case 'cards': {
      const items = Array.isArray(data.items) ? (data.items as Array<{ title: string; text?: string; link?: Link }>) : []
      const columns = items.map((item) =>
        serializeBlock(
          'core/column',
          {},
          `<div class="wp-block-column">${[heading(escapeText(item.title), 3), ...(item.text ? [paragraph(escapeText(item.text))] : []), ...(item.link ? [buttons([item.link])] : [])].join('\n\n')}</div>`,
        ),
      )
      return [
        group(
          [
            ...(text(data.heading) ? [heading(escapeText(text(data.heading)))] : []),
            ...(text(data.intro) ? [paragraph(escapeText(text(data.intro)))] : []),
            serializeBlock('core/columns', {}, `<div class="wp-block-columns">${columns.join('\n\n')}</div>`),
          ],
          animate,
        ),
      ]
    }
    case 'testimonials': {
      const items = Array.isArray(data.items) ? (data.items as Array<{ quote: string; name: string; role?: string }>) : []
      const quotes = items.map((item) =>
        serializeBlock(
          'core/quote',
          {},
          `<blockquote class="wp-block-quote">${paragraph(escapeText(item.quote))}<cite>${escapeText(item.name)}${item.role ? `<br>${escapeText(item.role)}` : ''}</cite></blockquote>`,
        ),
      )
      return [group([...(text(data.heading) ? [heading(escapeText(text(data.heading)))] : []), ...quotes], animate)]
    }
    case 'call_to_action':
      return [
        group(
          [
            heading(escapeText(text(data.heading))),
            ...(text(data.text) ? [paragraph(escapeText(text(data.text)))] : []),
            ...(isLink(data.button) ? [buttons([data.button])] : []),
          ],
          animate,
        ),
      ]
  }
  const name = `kestrel/${layout.replace(/_/g, '-')}`
  return [serializeBlock(name, data)]
}
