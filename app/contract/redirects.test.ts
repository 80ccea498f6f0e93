import { describe, expect, it } from 'vitest'
import { createRedirectTable, type WireRedirect } from './redirects'

const ORIGIN = 'https://www.kestrel-it.example'

function tableOf(rules: Array<Partial<WireRedirect> & { source: string }>, ownOrigins: string[] = []) {
  const refused: string[] = []
  const table = createRedirectTable(
    rules.map((rule) => ({ status: 301, target: '/new', ...rule })),
    { ownOrigins, onRefused: (rule, reason) => refused.push(`${rule.source}: ${reason}`) },
  )
  const decide = (pathAndQuery: string) => table.decide(new URL(pathAndQuery, ORIGIN))
  const location = (pathAndQuery: string) => {
    const decision = decide(pathAndQuery)
    return decision?.kind === 'redirect' ? decision.location : (decision?.kind ?? null)
  }
  return { table, decide, location, refused }
}

describe('plain rules (the Redirection plugin\'s "URL only" match)', () => {
  it('matches the path exactly, with its status', () => {
    const { decide, location } = tableOf([{ source: '/old', status: 308 }])
    expect(decide('/old')).toEqual({ kind: 'redirect', status: 308, location: '/new' })
    expect(location('/old/')).toBeNull()
    expect(location('/OLD')).toBeNull()
    expect(location('/older')).toBeNull()
  })

  it('ignores case and a trailing slash only when the rule says so', () => {
    const { location } = tableOf([{ source: '/Old-Page/', ignore_case: true, ignore_trailing_slash: true }])
    expect(location('/old-page')).toBe('/new')
    expect(location('/OLD-PAGE/')).toBe('/new')
  })

  it('compares decoded paths, so an encoded request matches the source as the editor typed it', () => {
    const { location } = tableOf([{ source: '/über-uns' }])
    expect(location('/%C3%BCber-uns')).toBe('/new')
  })

  it('exact query: the source parameters in any order, and no others', () => {
    const { location } = tableOf([{ source: '/old?a=1&b=two' }])
    expect(location('/old?b=two&a=1')).toBe('/new')
    expect(location('/old?a=1&b=two&c=3')).toBeNull()
    expect(location('/old?a=1')).toBeNull()
    expect(location('/old')).toBeNull()
  })

  it('a rule without a query, exact: a request with parameters is not it', () => {
    const { location } = tableOf([{ source: '/old' }])
    expect(location('/old?utm_source=mail')).toBeNull()
  })

  it('exactorder: the query as written, in its order', () => {
    const { location } = tableOf([{ source: '/old?a=1&b=2', query: 'exactorder' }])
    expect(location('/old?a=1&b=2')).toBe('/new')
    expect(location('/old?b=2&a=1')).toBeNull()
  })

  it('ignore: other parameters may be there and are dropped', () => {
    const { location } = tableOf([{ source: '/old?a=1', query: 'ignore' }])
    expect(location('/old?a=1&utm_source=mail')).toBe('/new')
    expect(location('/old?a=2')).toBeNull()
  })

  it("pass: the request's parameters go on to the target, never over the target's own", () => {
    const { location } = tableOf([{ source: '/book', query: 'pass', target: '/contact?topic=call#form' }])
    expect(location('/book?utm_source=mail&topic=spam')).toBe('/contact?topic=call&utm_source=mail#form')
    expect(location('/book')).toBe('/contact?topic=call#form')
  })

  it('compares values without case only with ignore_case; keys never by case', () => {
    expect(tableOf([{ source: '/old?Ref=Mail' }]).location('/old?ref=mail')).toBeNull()
    expect(tableOf([{ source: '/old?Ref=Mail' }]).location('/old?ref=Mail')).toBe('/new')
    expect(tableOf([{ source: '/old?Ref=Mail', ignore_case: true }]).location('/old?ref=mail')).toBe('/new')
  })

  it('410: the page is gone', () => {
    const { decide } = tableOf([{ source: '/offer', target: null, status: 410 }])
    expect(decide('/offer')).toEqual({ kind: 'gone' })
  })

  it("the first rule that matches wins, in the backend's order", () => {
    const { location } = tableOf([
      { source: '/old', target: '/first' },
      { source: '/old', target: '/second' },
    ])
    expect(location('/old')).toBe('/first')
  })
})

describe('regex rules', () => {
  it('replace the match in the whole requested URL, in every syntax PHP takes', () => {
    expect(tableOf([{ source: '^/news/(.*)$', regex: true, target: '/blog/$1' }]).location('/news/a-post')).toBe('/blog/a-post')
    expect(tableOf([{ source: '^/news/(.*)$', regex: true, target: '/blog/\\1' }]).location('/news/a-post')).toBe('/blog/a-post')
    expect(tableOf([{ source: '^/news/(.*)$', regex: true, target: '/blog/${1}' }]).location('/news/a-post')).toBe('/blog/a-post')
  })

  it('see the query as part of the URL, as Redirection does', () => {
    const { location } = tableOf([{ source: '^/news/([a-z-]+)', regex: true, target: '/blog/$1' }])
    // Only the matched part is replaced: the rest of the URL, query included, stays.
    expect(location('/news/a-post?page=2')).toBe('/blog/a-post?page=2')
  })

  it('are case-sensitive unless the rule ignores case', () => {
    expect(tableOf([{ source: '^/News/(.*)$', regex: true, target: '/blog/$1' }]).location('/news/x')).toBeNull()
    expect(tableOf([{ source: '^/News/(.*)$', regex: true, ignore_case: true, target: '/blog/$1' }]).location('/news/x')).toBe('/blog/x')
  })

  it('a pattern JavaScript cannot read is left out with a log line, and the others still work', () => {
    const { location, refused, table } = tableOf([{ source: '^/(?<=a', regex: true }, { source: '/old' }])
    expect(table.size).toBe(1)
    expect(location('/old')).toBe('/new')
    expect(refused).toEqual(['^/(?<=a: its pattern is not a valid regular expression here'])
  })
})

describe('what is refused', () => {
  it('a target on another host the editor wrote as an absolute URL is followed', () => {
    const { decide } = tableOf([{ source: '/status', target: 'https://status.example.org/now', status: 307 }])
    expect(decide('/status')).toEqual({ kind: 'redirect', status: 307, location: 'https://status.example.org/now' })
  })

  it('an absolute target on the site itself becomes a path', () => {
    const { location } = tableOf([{ source: '/old', target: `${ORIGIN}/new?x=1` }], [ORIGIN])
    expect(location('/old')).toBe('/new?x=1')
  })

  it('another host reached through the request (a regex, a protocol-relative path) is refused, once per rule', () => {
    const { location, refused } = tableOf([
      { source: '^/go/(.*)$', regex: true, target: 'https://$1' },
      { source: '^/out(.*)$', regex: true, target: '/$1' },
    ])
    expect(location('/go/evil.example/x')).toBeNull()
    expect(location('/go/evil.example/y')).toBeNull()
    expect(location('/out/evil.example')).toBeNull()
    expect(refused).toEqual([
      '^/go/(.*)$: it leads to another host (https://evil.example/x)',
      '^/out(.*)$: it leads to another host (//evil.example)',
    ])
  })

  it('a loop is refused, and so is a rule that leads to itself', () => {
    const { location, refused } = tableOf([
      { source: '/a', target: '/b' },
      { source: '/b', target: '/a' },
      { source: '/self', target: '/self' },
    ])
    expect(location('/a')).toBeNull()
    expect(location('/b')).toBeNull()
    expect(location('/self')).toBeNull()
    expect(refused).toHaveLength(3)
    expect(refused[0]).toBe('/a: it leads back to /a (a loop)')
  })

  it('a chain that ends is followed; one longer than ten hops is refused', () => {
    const chain = Array.from({ length: 12 }, (_, index) => ({ source: `/p${index}`, target: `/p${index + 1}` }))
    const { location } = tableOf(chain)
    expect(location('/p10')).toBe('/p11')
    expect(location('/p0')).toBeNull()
  })

  it('a rule outside the contract is left out with a log line', () => {
    const refused: string[] = []
    const table = createRedirectTable([{ source: '/x', status: 999, target: '/y' }, 'nonsense'], {
      ownOrigins: [],
      onRefused: (rule, reason) => refused.push(`${rule.source}: ${reason}`),
    })
    expect(table.size).toBe(0)
    expect(refused).toEqual(['/x: it is outside the contract', '?: it is outside the contract'])
  })
})
