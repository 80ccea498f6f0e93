import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, inlineScriptHashes, newNonce } from './security-headers.server'

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

describe('inlineScriptHashes', () => {
  it('hashes the exact text of every inline script the browser runs, once each', () => {
    const html = [
      '<head><script>window.a=1</script><script type="module">import("/x.js")</script>',
      '<script type="text/javascript">b()</script><script>window.a=1</script></head>',
    ].join('')
    expect(inlineScriptHashes(html)).toEqual([sha('window.a=1'), sha('import("/x.js")'), sha('b()')])
  })

  it('leaves out external scripts and data blocks such as JSON-LD', () => {
    const html =
      '<script src="/assets/a.js"></script><script type="module" async="" src="/b.js"></script>' +
      '<script type="application/ld+json">{"@type":"Organization"}</script><script data-tsr-stream-part="">$R=1</script>'
    expect(inlineScriptHashes(html)).toEqual([sha('$R=1')])
  })
})

describe('contentSecurityPolicy', () => {
  it("names a nonce or hashes for scripts, never 'unsafe-inline'", () => {
    const nonce = newNonce()
    const byNonce = contentSecurityPolicy({ nonce })
    const byHash = contentSecurityPolicy({ hashes: [sha('x')] })
    const scriptSrc = (policy: string) => policy.split('; ').find((directive) => directive.startsWith('script-src')) ?? ''
    expect(scriptSrc(byNonce)).toContain(`'nonce-${nonce}'`)
    expect(scriptSrc(byHash)).toContain(`'${sha('x')}'`)
    for (const policy of [byNonce, byHash]) {
      expect(scriptSrc(policy)).not.toContain('unsafe')
      expect(policy).toContain("object-src 'none'")
    }
  })

  it("lets images, video and audio come from the content backend's media library, even over http on a developer's machine", () => {
    const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? ''
    const local = contentSecurityPolicy({ hashes: [] }, undefined, 'http://127.0.0.1:8088/')
    expect(directive(local, 'img-src')).toBe("img-src 'self' data: https: http://127.0.0.1:8088")
    expect(directive(local, 'media-src')).toBe("media-src 'self' https: http://127.0.0.1:8088")
    const embedded = contentSecurityPolicy({ hashes: [] }, undefined, undefined)
    expect(directive(embedded, 'img-src')).toBe("img-src 'self' data: https:")
    expect(directive(embedded, 'media-src')).toBe("media-src 'self' https:")
  })

  it('makes a different 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce))
    expect(nonces.size).toBe(100)
    expect(Buffer.from([...nonces][0] ?? '', 'base64')).toHaveLength(16)
  })
})

describe('contentSecurityPolicy and the chat providers (requirements §11.4)', () => {
  const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? ''

  it('names no chat origin when CHAT_PROVIDERS is unset', () => {
    const policy = contentSecurityPolicy({ hashes: [] }, undefined)
    expect(policy).not.toContain('crisp.chat')
    expect(directive(policy, 'worker-src')).toBe('')
  })

  it("adds Crisp's script, connection, style, font, frame and worker origins when it is configured", () => {
    const policy = contentSecurityPolicy({ hashes: [] }, 'crisp')
    expect(directive(policy, 'script-src')).toContain('https://client.crisp.chat')
    expect(directive(policy, 'connect-src')).toContain('wss://client.relay.crisp.chat')
    expect(directive(policy, 'style-src')).toContain('https://client.crisp.chat')
    expect(directive(policy, 'font-src')).toContain('https://client.crisp.chat')
    expect(directive(policy, 'frame-src')).toContain('https://game.crisp.chat')
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob: https://client.crisp.chat")
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'")
  })
})

describe('contentSecurityPolicy and embedded video (docs/decisions/028)', () => {
  it('lets frames come only from the tag manager and the configured players, and no other directive grows', () => {
    const policy = contentSecurityPolicy({ hashes: [] }, undefined)
    const frame = policy.split('; ').find((part) => part.startsWith('frame-src ')) ?? ''
    expect(frame.split(' ').slice(1).sort()).toEqual(
      ['https://player.vimeo.com', 'https://www.googletagmanager.com', 'https://www.youtube-nocookie.com'].sort(),
    )
    expect(policy.replace(frame, '')).not.toMatch(/youtube|vimeo/)
  })
})
