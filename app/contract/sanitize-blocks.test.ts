/**
 * The block editor's markup through the sanitizer (docs/decisions/028): styles kept
 * property by property, media with http(s) URLs only, embeds of the configured providers
 * as click-to-load placeholders and nothing else, and the XSS corpus of those paths.
 */
import { describe, expect, it } from 'vitest'
import { embedFor, isPlayerUrl } from '../lib/embeds'
import { cleanInlineStyle } from './inline-style'
import { sanitizeCmsHtml } from './sanitize'

describe('cleanInlineStyle', () => {
  it('keeps what the editor writes: colours, sizes, spacing, borders, alignment', () => {
    const cases: Array<[string, string]> = [
      ['color:#1d4ed8', 'color:#1d4ed8'],
      ['background-color: rgb(255, 240, 200)', 'background-color:rgb(255, 240, 200)'],
      [
        'background:linear-gradient(135deg,rgb(6,147,227) 0%,rgb(155,81,224) 100%)',
        'background:linear-gradient(135deg,rgb(6,147,227) 0%,rgb(155,81,224) 100%)',
      ],
      ['padding-top:var(--wp--preset--spacing--50);padding-bottom:2rem', 'padding-top:var(--wp--preset--spacing--50);padding-bottom:2rem'],
      [
        'border-width:2px;border-style:solid;border-color:var(--wp--preset--color--accent);border-radius:12px',
        'border-width:2px;border-style:solid;border-color:var(--wp--preset--color--accent);border-radius:12px',
      ],
      [
        'font-size:clamp(1.2rem, 1.2rem + ((1vw - 0.2rem) * 0.8), 1.5rem)',
        'font-size:clamp(1.2rem, 1.2rem + ((1vw - 0.2rem) * 0.8), 1.5rem)',
      ],
      ['flex-basis:33.33%', 'flex-basis:33.33%'],
      ['height:48px', 'height:48px'],
      ['text-align:center', 'text-align:center'],
      ['border: 1px solid #ccc', 'border:1px solid #ccc'],
      ['margin: 0 auto', 'margin:0 auto'],
    ]
    for (const [style, kept] of cases) expect(cleanInlineStyle(style), style).toBe(kept)
  })

  it('drops every declaration that is not a known property with a value of its grammar', () => {
    const dropped = [
      'background:url(javascript:alert(1))',
      'background-image:url("https://evil.example/x.png")',
      'color:expression(alert(1))',
      'width:expression(alert(1))',
      'color:red;}</style><script>alert(1)</script>',
      'color:\\72 ed',
      'background:\\75 rl(javascript:alert(1))',
      'color:var(--x, url(https://evil.example))',
      'color:var(--wp--preset--color--a) url(x)',
      'padding:var(--wp--preset--spacing--50, url(x))',
      'color:red !important',
      'position:fixed',
      'behavior:url(x.htc)',
      '-moz-binding:url(x.xml#xss)',
      'color:/**/red',
      'font-size:calc(1rem + attr(x))',
      'content:"x"',
      'display:none',
    ]
    for (const style of dropped) expect(cleanInlineStyle(style), style).toBe('')
  })

  it('keeps the safe declarations next to a dropped one', () => {
    expect(cleanInlineStyle('color:#fff;background:url(x);padding:1rem')).toBe('color:#fff;padding:1rem')
  })
})

describe('cleanInlineStyle against values made to stall a regular expression', () => {
  // Each of these once had exponentially many readings (a run of digits read as numbers
  // side by side; spaces around a colour's separators): at this length, hours of work for
  // one attribute of one page. Read one way only, they are refused at once.
  it('refuses them, and finishes', () => {
    const run = (unit: string, times: number) => unit.repeat(times)
    for (const style of [
      `width: calc(${run('1', 60)}x`,
      `font-size: clamp(${run('1', 60)}rem${run('1', 60)}x`,
      `width: calc(${run('1.', 60)}`,
      `color: rgb(1${run(' ', 400)}1${run(' ', 400)}1${run(' ', 400)}1${run(' ', 400)}x`,
      `color: rgba(1 ,${run(' ', 400)}1 ,${run(' ', 400)}1 /${run(' ', 400)}x`,
    ])
      expect(cleanInlineStyle(style)).toBe('')
    expect(cleanInlineStyle('width: calc(100% - 2rem); color: rgb(10 20 30 / 50%)')).toBe(
      'width:calc(100% - 2rem);color:rgb(10 20 30 / 50%)',
    )
  })
})

describe('embeds', () => {
  it('rebuilds a YouTube or Vimeo URL from its id on the provider’s privacy-friendly origin', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(embedFor(url)?.playerUrl, url).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0')
    }
    expect(embedFor('https://vimeo.com/76979871')?.playerUrl).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1')
    expect(embedFor('https://player.vimeo.com/video/76979871?h=abc123')?.playerUrl).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1&h=abc123',
    )
  })

  it('is no embed for another host, another scheme or an id that is not one', () => {
    for (const url of [
      'https://evil.example/embed/dQw4w9WgXcQ',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ"onload="x',
      'https://user@youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/abc',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(embedFor(url), url).toBeNull()
    }
    expect(isPlayerUrl('https://evil.example/embed/x')).toBe(false)
    expect(isPlayerUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0')).toBe(true)
  })
})

describe('sanitizeCmsHtml with the editor’s blocks', () => {
  it('turns an embed iframe and a stored embed URL into the same placeholder, with no frame', () => {
    const iframe = sanitizeCmsHtml(
      '<figure class="wp-block-embed is-provider-youtube"><div class="wp-block-embed__wrapper"><iframe title="Kestrel in 90 seconds" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" allowfullscreen onload="alert(1)"></iframe></div></figure>',
    )
    expect(iframe).not.toContain('<iframe')
    expect(iframe).toContain(
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" class="embed-placeholder" data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;rel=0" data-embed-provider="youtube">Kestrel in 90 seconds</a>',
    )
    const stored = sanitizeCmsHtml(
      '<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://vimeo.com/76979871\n</div></figure>',
    )
    expect(stored).toContain('data-embed-src="https://player.vimeo.com/video/76979871?dnt=1&amp;autoplay=1"')
    expect(stored).toContain('>Vimeo</a>')
  })

  it('drops frames of other origins, srcdoc and an author’s own embed attributes', () => {
    const html = sanitizeCmsHtml(
      [
        '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>',
        '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
        '<iframe src="javascript:alert(1)"></iframe>',
        '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
        '<a href="https://example.org" data-embed-src="https://evil.example/x" data-embed-provider="youtube">x</a>',
        '<div class="wp-block-embed__wrapper">https://evil.example/watch?v=dQw4w9WgXcQ</div>',
      ].join(''),
    )
    expect(html).not.toMatch(/<iframe|srcdoc|evil\.example\/x|javascript:|data:text|data-embed/)
    expect(html).toContain('<div class="wp-block-embed__wrapper">https://evil.example/watch?v=dQw4w9WgXcQ</div>')
  })

  it('keeps video, audio and tracks with http(s) URLs only', () => {
    const html = sanitizeCmsHtml(
      '<video controls src="/media/demo.mp4" poster="javascript:alert(1)" autoplay onplay="alert(1)"><track src="/media/demo.vtt" kind="captions" srclang="en" label="English"></video>' +
        '<audio controls src="data:audio/wav;base64,AAAA"></audio><video src="https://cdn.example.org/a.mp4" poster="https://cdn.example.org/a.jpg"></video>',
    )
    expect(html).toContain(
      '<video controls src="/media/demo.mp4"><track src="/media/demo.vtt" kind="captions" srclang="en" label="English"></track></video>',
    )
    expect(html).toContain('<audio controls></audio>')
    expect(html).toContain('<video src="https://cdn.example.org/a.mp4" poster="https://cdn.example.org/a.jpg"></video>')
    expect(html).not.toMatch(/javascript:|onplay|autoplay|data:audio/)
  })

  it('keeps the editor’s classes and cleaned styles, and drops the style that is not safe', () => {
    const html = sanitizeCmsHtml(
      '<p class="has-text-color has-accent-color has-large-font-size" style="color:#b91c1c;background:url(javascript:alert(1))">Red</p>' +
        '<div class="wp-block-group" style="</style><script>alert(1)</script>">x</div>',
    )
    expect(html).toBe(
      '<p class="has-text-color has-accent-color has-large-font-size" style="color:#b91c1c">Red</p><div class="wp-block-group">x</div>',
    )
  })

  it('keeps the file block’s download flag', () => {
    const file =
      '<div class="wp-block-file"><a href="/media/a.pdf">A</a><a href="/media/a.pdf" class="wp-block-file__button wp-element-button" download>Download</a></div>'
    expect(sanitizeCmsHtml(file)).toContain('class="wp-block-file__button wp-element-button" download>Download</a>')
  })

  it('keeps tables with their head, foot and caption', () => {
    const table =
      '<figure class="wp-block-table"><table class="has-fixed-layout"><thead><tr><th scope="col">Plan</th></tr></thead><tbody><tr><td>Basic</td></tr></tbody><tfoot><tr><td>All prices ex VAT</td></tr></tfoot></table><figcaption class="wp-element-caption">Plans</figcaption></figure>'
    expect(sanitizeCmsHtml(table)).toBe(table)
  })
})
