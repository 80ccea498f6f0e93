import { describe, expect, it } from 'vitest'
import { safeCssUrl, scopePageCss } from './page-css'

const scope = (css: string) => scopePageCss(css, '3')

/** What an HTML parser makes of the CSS in a <style> element: the element's text, and whether anything followed it. */
async function inStyleElement(css: string): Promise<{ text: string; elements: number }> {
  const { Window } = await import('happy-dom')
  const window = new Window()
  window.document.body.innerHTML = `<style>${css}</style>`
  const text = window.document.body.querySelector('style')?.textContent ?? ''
  const elements = window.document.body.children.length
  await window.happyDOM.close()
  return { text, elements }
}

describe('page CSS scoped by its syntax tree', () => {
  it('puts every selector under the page scope, in every rule and grouping at-rule', () => {
    expect(scope('h2 { color: red; }')).toBe('[data-page="3"] h2{color:red}')
    expect(scope('h2, .a > p { color: red }')).toBe('[data-page="3"] h2,[data-page="3"] .a>p{color:red}')
    expect(scope('@media (min-width: 600px) { @supports (display: grid) { .grid { display: grid } } }')).toBe(
      '@media (min-width:600px){@supports (display:grid){[data-page="3"] .grid{display:grid}}}',
    )
    expect(scope('@layer a, b; @layer a { p { margin: 0 } }')).toBe('@layer a,b;@layer a{[data-page="3"] p{margin:0}}')
  })

  it('starts selectors that start at the document (html, body, :root) at the page wrapper', () => {
    expect(scope('body { background: white }')).toBe('[data-page="3"]{background:white}')
    expect(scope('body.page-about h2 { color: red }')).toBe('[data-page="3"].page-about h2{color:red}')
    expect(scope('html body > main { color: red }')).toBe('[data-page="3"]>main{color:red}')
    expect(scope(':root { --brand: red }')).toBe('[data-page="3"]{--brand:red}')
  })

  it('cannot be escaped with braces: not unbalanced ones, nor ones inside strings or comments', () => {
    for (const css of [
      '} body { display: none }',
      'h2 { color: red; } } header { display:none }',
      'h2 { content: "}" } header { display: none }',
      '/* } */ header { display: none }',
      'h2 { color: red',
      'h2 { content: "\\"}" } footer { display: none }',
    ]) {
      const out = scope(css)
      // Every rule of the output, read back by the same parser, is under the scope.
      const selectors = out.match(/(^|})[^{}]*(?={)/g) ?? []
      for (const selector of selectors)
        expect(
          selector
            .replace(/^}/, '')
            .split(',')
            .every((part) => part.startsWith('[data-page="3"]')),
        ).toBe(true)
      expect(out).not.toMatch(/(^|[},])\s*(body|header|footer)\b/)
    }
    expect(scope('h2 { content: "}" } header { display: none }')).toBe(
      '[data-page="3"] h2{content:"}"}[data-page="3"] header{display:none}',
    )
  })

  it('cannot close its <style> element, in any spelling of </style', async () => {
    for (const css of [
      'h2 { content: "</style><script>window.__xss=1</script>" }',
      'h2 { content: "\\3c /style>\\3c script>window.__xss=1\\3c /script>" }',
      'h2[title="</StYlE >"] { color: red }',
      'h2 { background: url("</style><img src=x onerror=alert(1)>") }',
      '.a\\3c\\2f style { color: red }',
    ]) {
      const out = scope(css)
      expect(out).not.toMatch(/<\//)
      const parsed = await inStyleElement(out)
      expect(parsed.elements).toBe(1)
      expect(parsed.text).toBe(out)
    }
    // The escape means the same character: the content string is unchanged.
    expect(scope('h2 { content: "</style>" }')).toBe('[data-page="3"] h2{content:"\\3c /style>"}')
  })

  it('drops at-rules that load from elsewhere or act on the whole site, and renames keyframes per page', () => {
    expect(scope('@import url(//evil.example/x.css); h2 { color: red }')).toBe('[data-page="3"] h2{color:red}')
    expect(scope('@font-face { font-family: Inter; src: url(https://evil.example/x.woff2) }')).toBe('')
    expect(scope('@namespace svg url(http://www.w3.org/2000/svg); @property --x { syntax: "*"; inherits: true }')).toBe('')
    expect(scope('@page { margin: 0 } @scope (.a) { p { color: red } } @unknown { p { color: red } }')).toBe('')
    expect(scope('@keyframes spin { to { transform: rotate(1turn) } } .x { animation: spin 1s linear infinite }')).toBe(
      '@keyframes page-3-spin{to{transform:rotate(1turn)}}[data-page="3"] .x{animation:page-3-spin 1s linear infinite}',
    )
    // A page's animation that names a site keyframe it did not define is left as written.
    expect(scope('.x { animation-name: pulse }')).toBe('[data-page="3"] .x{animation-name:pulse}')
  })

  it('drops declarations with script hooks or unsafe URLs and rules it could not parse', () => {
    expect(scope('a { background: url(javascript:alert(1)); color: red }')).toBe('[data-page="3"] a{color:red}')
    expect(scope('a { background: url("  JaVa\\9script:alert(1)") }')).toBe('')
    expect(scope('a { background-image: image-set("javascript:alert(1)" 1x) }')).toBe('')
    expect(scope('a { width: expression(alert(1)) } b { behavior: url(x.htc); -moz-binding: url(x.xml#y) }')).toBe('')
    expect(scope('a { --x: url(javascript:alert(1)) }')).toBe('')
    expect(scope('a { background: url(data:text/html,<script>alert(1)</script>) }')).toBe('')
    expect(scope('a { background: url(/img/a.png), url(https://cdn.example/b.png), url(data:image/png;base64,AAAA) }')).toBe(
      '[data-page="3"] a{background:url(/img/a.png),url(https://cdn.example/b.png),url(data:image/png;base64,AAAA)}',
    )
    expect(scope('@media }{ { h2 { color: red } }')).toBe('')
    expect(scope('h2 { color: red; &:hover { color: blue } .x & { color: green } }')).toBe(
      '[data-page="3"] h2{color:red;&:hover{color:blue}}',
    )
    expect(scope('/* only a comment */')).toBe('')
  })

  it('accepts only http(s), relative, fragment and inline-image URLs', () => {
    for (const url of ['/a.png', 'a.png', '../a.png', '#f', 'https://x.example/a.png', 'HTTP://x', 'data:image/svg+xml;utf8,<svg/>']) {
      expect(safeCssUrl(url)).toBe(true)
    }
    for (const url of ['javascript:alert(1)', ' java\nscript:x', 'vbscript:x', 'data:text/html,x', 'file:///etc/passwd']) {
      expect(safeCssUrl(url)).toBe(false)
    }
  })
})
