/**
 * The demo page of every editor block (content/{locale}/pages/editor-blocks.json) as
 * WordPress stores it: native core blocks, serialized exactly as the block editor of
 * WordPress 7.1 saves them, so the editor opens every block without "unexpected or invalid
 * content" and WordPress's own theme renders them (docs/wordpress.md, The demo page of
 * every block). Each section is a group with the class `kestrel-rich-text`, which forces
 * the plugin's rich_text layout (its includes/sections.php) whatever blocks it holds.
 *
 * content/'s body_html is what the plugin answers for this document, so the contract
 * suite compares both backends' page exactly; a change here changes content/ too.
 * Media stay the site's own files (/images/…, /media/…; the harness serves them on
 * WordPress as well): the same URLs on both backends.
 */
import { serializeBlock } from './blocks'

interface Strings {
  link: (path: string) => string
  text: string
  intro: string
  brand: string
  custom: string
  centred: string
  lists: string
  unordered: [string, string, string]
  ordered: [string, string, string]
  quote: string
  quoteCite: string
  pullquote: string
  pullquoteCite: string
  codeHeading: string
  preformatted: string
  verse: string
  tables: string
  tableHead: [string, string, string, string]
  tableRows: Array<[string, string, string, string]>
  tableFoot: string
  tableCaption: string
  media: string
  imageAlt: string
  imageCaption: string
  galleryAlts: [string, string, string]
  galleryCaption: string
  fileName: string
  download: string
  videoCaption: string
  audioCaption: string
  youtubeCaption: string
  vimeoCaption: string
  design: string
  talk: string
  pricing: string
  twoColumns: string
  twoColumnsText: string
  oneThird: string
  oneThirdText: string
  border: string
  borderText: string
  row: string
  rowText: string
  stack: string
  stackText: string
  summary: string
  detailsText: string
  cover: string
  mediaText: string
  mediaTextText: string
  fullWidth: string
  afterSpacer: string
}

const en: Strings = {
  link: (path) => path,
  text: 'Text',
  intro:
    'Paragraphs carry <strong>bold</strong>, <em>italic</em>, <a href="/services">links</a>, <code>inline code</code>, <mark>highlights</mark>, <sup>superscript</sup> and <sub>subscript</sub>.',
  brand: "This paragraph uses the theme's brand colour and a medium font size.",
  custom: 'This one has a custom text and background colour picked in the editor.',
  centred: 'A centred paragraph in a large font size.',
  lists: 'Lists',
  unordered: ['Named engineer for every client', 'Answers within 15 minutes', 'Monthly health report'],
  ordered: ['Call or email the help desk', 'We log and triage your ticket', 'An engineer fixes it and confirms'],
  quote: 'We stopped worrying about IT the week Kestrel took over.',
  quoteCite: 'Priya Shah, Operations Director',
  pullquote: 'Ninety-six per cent of our clients renew every year.',
  pullquoteCite: 'Kestrel annual report',
  codeHeading: 'Code, preformatted and verse',
  preformatted: 'Ticket   Status    Engineer\n#4812    Solved    Sam\n#4813    Open      Alex',
  verse: 'The server sleeps, the backups run,\nthe help desk waits for everyone.',
  tables: 'Tables',
  tableHead: ['Plan', 'Users', 'Response', 'Price'],
  tableRows: [
    ['Essentials', 'up to 10', '4 hours', '£35'],
    ['Business', 'up to 50', '1 hour', '£55'],
    ['Enterprise', '50+', '15 minutes', '£75'],
  ],
  tableFoot: 'All prices per user per month, excluding VAT',
  tableCaption: 'Support plans at a glance',
  media: 'Media',
  imageAlt: 'An engineer at a help desk, drawn as simple shapes',
  imageCaption: 'Our help desk in Leeds',
  galleryAlts: [
    'A cloud with arrows, drawn as simple shapes',
    'A shield, drawn as simple shapes',
    'A team at a table, drawn as simple shapes',
  ],
  galleryCaption: 'A gallery of three images',
  fileName: 'New starter checklist (PDF)',
  download: 'Download',
  videoCaption: 'A short video file, played by the browser itself',
  audioCaption: 'An audio file: the chime our phones make',
  youtubeCaption: 'A YouTube video: nothing loads from YouTube until you press play',
  vimeoCaption: 'A Vimeo video, behind the same click',
  design: 'Design',
  talk: 'Talk to an engineer',
  pricing: 'See pricing',
  twoColumns: 'Two columns',
  twoColumnsText: 'Columns keep the widths set in the editor: this one takes two thirds, the other one third with its own background.',
  oneThird: 'One third',
  oneThirdText: 'Columns stack on phones.',
  border: 'A group with a border',
  borderText: 'Groups carry background colours, borders, rounded corners and padding from the spacing presets.',
  row: 'Row:',
  rowText: 'items side by side',
  stack: 'Stack:',
  stackText: 'items one under another',
  summary: 'Details: what happens when I press this?',
  detailsText: 'The details block opens and closes without any script.',
  cover: 'A cover: text over an image, as wide as the editor made it.',
  mediaText: 'Media and text',
  mediaTextText: 'An image beside its text, stacked on phones.',
  fullWidth: 'A full-width group with the tint colour of the palette.',
  afterSpacer: 'Text after a spacer of 48 pixels.',
}

const de: Strings = {
  link: (path) => `/de${path}`,
  text: 'Text',
  intro:
    'Absätze tragen <strong>Fett</strong>, <em>Kursiv</em>, <a href="/de/services">Links</a>, <code>Code im Text</code>, <mark>Hervorhebungen</mark>, <sup>hochgestellt</sup> und <sub>tiefgestellt</sub>.',
  brand: 'Dieser Absatz nutzt die Markenfarbe des Themes und eine mittlere Schriftgröße.',
  custom: 'Dieser hat eine eigene Text- und Hintergrundfarbe aus dem Editor.',
  centred: 'Ein zentrierter Absatz in großer Schrift.',
  lists: 'Listen',
  unordered: ['Ein fester Techniker für jeden Kunden', 'Antwort innerhalb von 15 Minuten', 'Monatlicher Statusbericht'],
  ordered: ['Helpdesk anrufen oder mailen', 'Wir erfassen und priorisieren Ihr Ticket', 'Ein Techniker löst es und bestätigt'],
  quote: 'Seit Kestrel übernommen hat, machen wir uns um die IT keine Sorgen mehr.',
  quoteCite: 'Priya Shah, Leiterin Betrieb',
  pullquote: 'Sechsundneunzig Prozent unserer Kunden verlängern jedes Jahr.',
  pullquoteCite: 'Kestrel-Jahresbericht',
  codeHeading: 'Code, vorformatiert und Vers',
  preformatted: 'Ticket   Status    Techniker\n#4812    Gelöst    Sam\n#4813    Offen     Alex',
  verse: 'Der Server schläft, das Backup läuft,\nder Helpdesk wartet, bis wer ruft.',
  tables: 'Tabellen',
  tableHead: ['Paket', 'Nutzer', 'Reaktion', 'Preis'],
  tableRows: [
    ['Essentials', 'bis 10', '4 Stunden', '35 €'],
    ['Business', 'bis 50', '1 Stunde', '55 €'],
    ['Enterprise', 'ab 50', '15 Minuten', '75 €'],
  ],
  tableFoot: 'Alle Preise pro Nutzer und Monat, zzgl. MwSt.',
  tableCaption: 'Die Support-Pakete im Überblick',
  media: 'Medien',
  imageAlt: 'Ein Techniker am Helpdesk, als einfache Formen gezeichnet',
  imageCaption: 'Unser Helpdesk in Leeds',
  galleryAlts: [
    'Eine Wolke mit Pfeilen, als einfache Formen gezeichnet',
    'Ein Schild, als einfache Formen gezeichnet',
    'Ein Team am Tisch, als einfache Formen gezeichnet',
  ],
  galleryCaption: 'Eine Galerie mit drei Bildern',
  fileName: 'Checkliste für neue Mitarbeitende (PDF)',
  download: 'Herunterladen',
  videoCaption: 'Eine kurze Videodatei, vom Browser selbst abgespielt',
  audioCaption: 'Eine Audiodatei: der Klang unserer Telefone',
  youtubeCaption: 'Ein YouTube-Video: Von YouTube wird nichts geladen, bis Sie auf Abspielen drücken',
  vimeoCaption: 'Ein Vimeo-Video, hinter demselben Klick',
  design: 'Gestaltung',
  talk: 'Mit einem Techniker sprechen',
  pricing: 'Preise ansehen',
  twoColumns: 'Zwei Spalten',
  twoColumnsText: 'Spalten behalten die Breiten aus dem Editor: Diese nimmt zwei Drittel, die andere ein Drittel mit eigenem Hintergrund.',
  oneThird: 'Ein Drittel',
  oneThirdText: 'Auf dem Telefon stehen Spalten untereinander.',
  border: 'Eine Gruppe mit Rahmen',
  borderText: 'Gruppen tragen Hintergrundfarben, Rahmen, runde Ecken und Innenabstände aus den Abstands-Presets.',
  row: 'Zeile:',
  rowText: 'Elemente nebeneinander',
  stack: 'Stapel:',
  stackText: 'Elemente untereinander',
  summary: 'Details: Was passiert, wenn ich hier drücke?',
  detailsText: 'Der Details-Block öffnet und schließt sich ohne Skript.',
  cover: 'Ein Cover: Text über einem Bild, so breit, wie der Editor es gesetzt hat.',
  mediaText: 'Medien und Text',
  mediaTextText: 'Ein Bild neben seinem Text, auf dem Telefon untereinander.',
  fullWidth: 'Eine Gruppe über die volle Breite in der Tönungsfarbe der Palette.',
  afterSpacer: 'Text nach einem Abstandhalter von 48 Pixeln.',
}

const strings: Record<string, Strings> = { en, de }

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
