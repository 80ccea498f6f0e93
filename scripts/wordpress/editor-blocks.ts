/**
 * The demo page of every editor block (content/{locale}/pages/editor-blocks.json) as
 * WordPress stores it: native core blocks, serialized exactly as the block editor of
 * WordPress 7.1 saves them, so the editor opens every block without "unexpected or invalid
 * content" and WordPress's own theme renders them (docs/wordpress.md, The demo page of
 * every block). Each section is a group with the class `kestrel-rich-text`, which forces
 * the plugin's rich_text layout (its includes/core-sections.php) whatever blocks it holds.
 * The words are scripts/wordpress/editor-blocks-strings.ts's.
 *
 * content/'s body_html is what the plugin answers for this document, so the contract
 * suite compares both backends' page exactly; a change here changes content/ too.
 * Media stay the site's own files (/images/…, /media/…; the harness serves them on
 * WordPress as well): the same URLs on both backends.
 */
import { serializeBlock } from './blocks'
import { strings } from './editor-blocks-strings'

/** Text in an attribute or in rich text, as the editor escapes it. */
const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A core block with inner HTML, as serialize() writes it. */
const block = (name: string, attributes: Record<string, unknown> | null, html: string) =>
  serializeBlock(`core/${name}`, attributes ?? {}, html)

/** Inner blocks inside their wrapper's HTML. */
const inner = (open: string, blocks: string[], close: string) => `${open}${blocks.join('\n\n')}${close}`

const paragraph = (html: string, attributes: Record<string, unknown> | null = null, classes = '', style = '') =>
  block('paragraph', attributes, `<p${classes ? ` class="${classes}"` : ''}${style ? ` style="${style}"` : ''}>${html}</p>`)
const heading = (text: string, level: 2 | 3) =>
  block('heading', level === 2 ? null : { level }, `<h${level} class="wp-block-heading">${escape(text)}</h${level}>`)
const section = (blocks: string[]) =>
  block(
    'group',
    { className: 'kestrel-rich-text', layout: { type: 'constrained' } },
    inner('<div class="wp-block-group kestrel-rich-text">', blocks, '</div>'),
  )
const list = (items: string[], ordered: boolean) =>
  block(
    'list',
    ordered ? { ordered: true } : null,
    inner(
      `<${ordered ? 'ol' : 'ul'} class="wp-block-list">`,
      items.map((item) => block('list-item', null, `<li>${escape(item)}</li>`)),
      `</${ordered ? 'ol' : 'ul'}>`,
    ),
  )
const image = (url: string, alt: string, attributes: Record<string, unknown>, classes: string, caption = '') =>
  block(
    'image',
    attributes,
    `<figure class="${classes}"><img src="${url}" alt="${escape(alt)}"/>${caption ? `<figcaption class="wp-element-caption">${escape(caption)}</figcaption>` : ''}</figure>`,
  )
const embed = (url: string, provider: 'youtube' | 'vimeo', caption: string) =>
  block(
    'embed',
    { url, type: 'video', providerNameSlug: provider, responsive: true, className: 'wp-embed-aspect-16-9 wp-has-aspect-ratio' },
    `<figure class="wp-block-embed is-type-video is-provider-${provider} wp-block-embed-${provider} wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">\n${url}\n</div><figcaption class="wp-element-caption">${escape(caption)}</figcaption></figure>`,
  )

/** The page's content for a locale of content/ (en or de). */
export function editorBlocksDocument(locale: string): string {
  const t = strings[locale]
  if (!t) throw new Error(`no editor-blocks document for the locale ${locale}`)
  const text = section([
    heading(t.text, 2),
    paragraph(t.intro),
    paragraph(escape(t.brand), { textColor: 'brand', fontSize: 'medium' }, 'has-brand-color has-text-color has-medium-font-size'),
    paragraph(
      escape(t.custom),
      { style: { color: { text: '#7c2d12', background: '#ffedd5' } } },
      'has-text-color has-background',
      'color:#7c2d12;background-color:#ffedd5',
    ),
    paragraph(
      escape(t.centred),
      { style: { typography: { textAlign: 'center' } }, fontSize: 'large' },
      'has-text-align-center has-large-font-size',
    ),
    heading(t.lists, 3),
    list(t.unordered, false),
    list(t.ordered, true),
    block(
      'quote',
      null,
      inner('<blockquote class="wp-block-quote">', [paragraph(escape(t.quote))], `<cite>${escape(t.quoteCite)}</cite></blockquote>`),
    ),
    block(
      'pullquote',
      null,
      `<figure class="wp-block-pullquote"><blockquote><p>${escape(t.pullquote)}</p><cite>${escape(t.pullquoteCite)}</cite></blockquote></figure>`,
    ),
    heading(t.codeHeading, 3),
    block(
      'code',
      null,
      '<pre class="wp-block-code"><code>Get-MgUser -Filter "accountEnabled eq false" |\n  Select-Object DisplayName, UserPrincipalName</code></pre>',
    ),
    block('preformatted', null, `<pre class="wp-block-preformatted">${escape(t.preformatted)}</pre>`),
    block('verse', null, `<pre class="wp-block-verse">${escape(t.verse)}</pre>`),
  ])
  const cells = (tag: 'th' | 'td', values: string[]) =>
    values.map((value) => `<${tag}${tag === 'th' ? ' scope="col"' : ''}>${escape(value)}</${tag}>`).join('')
  const tables = section([
    heading(t.tables, 2),
    block(
      'table',
      { className: 'is-style-stripes' },
      `<figure class="wp-block-table is-style-stripes"><table class="has-fixed-layout"><thead><tr>${cells('th', t.tableHead)}</tr></thead><tbody>${t.tableRows
        .map((row) => `<tr>${cells('td', row)}</tr>`)
        .join(
          '',
        )}</tbody><tfoot><tr><td colspan="4">${escape(t.tableFoot)}</td></tr></tfoot></table><figcaption class="wp-element-caption">${escape(t.tableCaption)}</figcaption></figure>`,
    ),
  ])
  const galleryImages = ['cloud-sync', 'security-shield', 'office-team'].map((name, index) =>
    image(`/images/illustrations/${name}.svg`, t.galleryAlts[index]!, { sizeSlug: 'large' }, 'wp-block-image size-large'),
  )
  const media = section([
    heading(t.media, 2),
    image(
      '/images/illustrations/help-desk.svg',
      t.imageAlt,
      { sizeSlug: 'large', align: 'wide' },
      'wp-block-image alignwide size-large',
      t.imageCaption,
    ),
    block(
      'gallery',
      { columns: 3, linkTo: 'none' },
      inner(
        '<figure class="wp-block-gallery has-nested-images columns-3 is-cropped">',
        galleryImages,
        `<figcaption class="blocks-gallery-caption wp-element-caption">${escape(t.galleryCaption)}</figcaption></figure>`,
      ),
    ),
    block(
      'file',
      { href: '/media/new-starter-checklist.pdf' },
      `<div class="wp-block-file"><a href="/media/new-starter-checklist.pdf">${escape(t.fileName)}</a><a href="/media/new-starter-checklist.pdf" class="wp-block-file__button wp-element-button" download>${escape(t.download)}</a></div>`,
    ),
    block(
      'video',
      null,
      `<figure class="wp-block-video"><video controls poster="/images/illustrations/office-team.svg" src="/media/kestrel-intro.webm"></video><figcaption class="wp-element-caption">${escape(t.videoCaption)}</figcaption></figure>`,
    ),
    block(
      'audio',
      null,
      `<figure class="wp-block-audio"><audio controls src="/media/chime.wav" preload="none"></audio><figcaption class="wp-element-caption">${escape(t.audioCaption)}</figcaption></figure>`,
    ),
    embed('https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'youtube', t.youtubeCaption),
    embed('https://vimeo.com/76979871', 'vimeo', t.vimeoCaption),
  ])
  const column = (width: string, blocks: string[], attributes: Record<string, unknown>, classes: string) =>
    block('column', { width, ...attributes }, inner(`<div class="${classes}" style="flex-basis:${width}">`, blocks, '</div>'))
  const design = section([
    heading(t.design, 2),
    block(
      'buttons',
      { layout: { type: 'flex', justifyContent: 'center' } },
      inner(
        '<div class="wp-block-buttons">',
        [
          block(
            'button',
            { backgroundColor: 'brand', textColor: 'surface' },
            `<div class="wp-block-button"><a class="wp-block-button__link has-surface-color has-brand-background-color has-text-color has-background wp-element-button" href="${t.link('/contact')}">${escape(t.talk)}</a></div>`,
          ),
          block(
            'button',
            { className: 'is-style-outline' },
            `<div class="wp-block-button is-style-outline"><a class="wp-block-button__link wp-element-button" href="${t.link('/pricing')}">${escape(t.pricing)}</a></div>`,
          ),
        ],
        '</div>',
      ),
    ),
    block(
      'columns',
      null,
      inner(
        '<div class="wp-block-columns">',
        [
          column('66.66%', [heading(t.twoColumns, 3), paragraph(escape(t.twoColumnsText))], {}, 'wp-block-column'),
          column(
            '33.33%',
            [heading(t.oneThird, 3), paragraph(escape(t.oneThirdText))],
            { backgroundColor: 'tint' },
            'wp-block-column has-tint-background-color has-background',
          ),
        ],
        '</div>',
      ),
    ),
    block(
      'group',
      {
        style: {
          border: { width: '2px', radius: '12px' },
          spacing: {
            padding: {
              top: 'var:preset|spacing|40',
              right: 'var:preset|spacing|40',
              bottom: 'var:preset|spacing|40',
              left: 'var:preset|spacing|40',
            },
          },
        },
        borderColor: 'accent',
        layout: { type: 'constrained' },
      },
      inner(
        '<div class="wp-block-group has-border-color has-accent-border-color" style="border-width:2px;border-radius:12px;padding-top:var(--wp--preset--spacing--40);padding-right:var(--wp--preset--spacing--40);padding-bottom:var(--wp--preset--spacing--40);padding-left:var(--wp--preset--spacing--40)">',
        [heading(t.border, 3), paragraph(escape(t.borderText))],
        '</div>',
      ),
    ),
    block(
      'group',
      { style: { spacing: { blockGap: 'var:preset|spacing|30' } }, layout: { type: 'flex', flexWrap: 'nowrap' } },
      inner('<div class="wp-block-group">', [paragraph(`<strong>${escape(t.row)}</strong>`), paragraph(escape(t.rowText))], '</div>'),
    ),
    block(
      'group',
      { style: { spacing: { blockGap: 'var:preset|spacing|20' } }, layout: { type: 'flex', orientation: 'vertical' } },
      inner('<div class="wp-block-group">', [paragraph(`<strong>${escape(t.stack)}</strong>`), paragraph(escape(t.stackText))], '</div>'),
    ),
    block('separator', { className: 'is-style-wide' }, '<hr class="wp-block-separator has-alpha-channel-opacity is-style-wide"/>'),
    block(
      'details',
      null,
      inner(`<details class="wp-block-details"><summary>${escape(t.summary)}</summary>`, [paragraph(escape(t.detailsText))], '</details>'),
    ),
    block(
      'cover',
      { url: '/images/heroes/help-desk-support.svg', dimRatio: 80, align: 'wide', layout: { type: 'constrained' } },
      inner(
        '<div class="wp-block-cover alignwide"><img class="wp-block-cover__image-background" alt="" src="/images/heroes/help-desk-support.svg" data-object-fit="cover"/><span aria-hidden="true" class="wp-block-cover__background has-background-dim-80 has-background-dim"></span><div class="wp-block-cover__inner-container">',
        [
          paragraph(
            escape(t.cover),
            { style: { typography: { textAlign: 'center' } }, fontSize: 'large' },
            'has-text-align-center has-large-font-size',
          ),
        ],
        '</div></div>',
      ),
    ),
    block(
      'media-text',
      { mediaType: 'image' },
      inner(
        `<div class="wp-block-media-text is-stacked-on-mobile"><figure class="wp-block-media-text__media"><img src="/images/illustrations/security-shield.svg" alt="${escape(t.galleryAlts[1])}"/></figure><div class="wp-block-media-text__content">`,
        [heading(t.mediaText, 3), paragraph(escape(t.mediaTextText))],
        '</div></div>',
      ),
    ),
    block(
      'group',
      { align: 'full', backgroundColor: 'tint', layout: { type: 'constrained' } },
      inner(
        '<div class="wp-block-group alignfull has-tint-background-color has-background">',
        [paragraph(escape(t.fullWidth), { style: { typography: { textAlign: 'center' } } }, 'has-text-align-center')],
        '</div>',
      ),
    ),
    block('spacer', { height: '48px' }, '<div style="height:48px" aria-hidden="true" class="wp-block-spacer"></div>'),
    paragraph(escape(t.afterSpacer)),
  ])
  return [text, tables, media, design].join('\n\n')
}
