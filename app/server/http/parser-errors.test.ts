import { describe, expect, it } from 'vitest'
import { parserErrorAnswer, parserErrorStatus } from './parser-errors.server'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('answers to requests Node cannot parse', () => {
  it('tells a request line too long (414) from headers too large (431)', () => {
    expect(parserErrorStatus('HPE_HEADER_OVERFLOW', bytes(`GET /?q=${'a'.repeat(20_000)}`))).toBe(414)
    expect(parserErrorStatus('HPE_HEADER_OVERFLOW', bytes(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}`))).toBe(431)
    expect(parserErrorStatus('HPE_HEADER_OVERFLOW', undefined)).toBe(431)
  })

  it('answers other parser errors 400, 408 or 413, and nobody when the client went away', () => {
    expect(parserErrorStatus('HPE_INVALID_METHOD', undefined)).toBe(400)
    expect(parserErrorStatus('HPE_REQUEST_TIMEOUT', undefined)).toBe(408)
    expect(parserErrorStatus('HPE_CHUNK_EXTENSIONS_OVERFLOW', undefined)).toBe(413)
    expect(parserErrorStatus('ECONNRESET', undefined)).toBeNull()
  })

  it('writes a complete answer: status line, length, security headers, HSTS only over TLS, a short text', () => {
    const plain = parserErrorAnswer(431, false)
    expect(plain).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/)
    expect(plain).toContain('X-Content-Type-Options: nosniff')
    expect(plain).toContain('Connection: close')
    expect(plain).not.toContain('Strict-Transport-Security')
    const [head, body] = plain.split('\r\n\r\n')
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body!)}`)
    expect(parserErrorAnswer(414, true)).toContain('Strict-Transport-Security: max-age=63072000; includeSubDomains')
  })
})
