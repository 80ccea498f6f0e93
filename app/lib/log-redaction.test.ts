import { describe, expect, it } from 'vitest'
import { loggableError, redactLogText } from './log-redaction'

describe('redactLogText (no secrets in logs)', () => {
  it('drops search terms, preview ids and signatures, reset tokens and addresses from every URL in a line', () => {
    const line =
      'GET http://cms/api/v1/base/home?locale=en&s=my+secret+search&preview_id=12&preview_expires=99&preview_token=abc123 answered 500; ' +
      '/reset-password?userId=7&passToken=tok-XYZ and /?p=5&email=a%40b.example'
    const redacted = redactLogText(line)
    for (const secret of ['my+secret+search', 'abc123', 'tok-XYZ', 'a%40b.example', 'preview_id=12', 'userId=7', 'p=5']) {
      expect(redacted).not.toContain(secret)
    }
    expect(redacted).toContain('locale=en')
    expect(redacted).toContain('/api/v1/base/home?locale=en&s=…')
  })

  it('leaves parameters that are neither alone (a name ending in s is not s)', () => {
    expect(redactLogText('/blog?posts=3&page=2')).toBe('/blog?posts=3&page=2')
  })

  it('logs an error by its redacted message', () => {
    expect(loggableError(new Error('GET /x?s=secret failed'))).toBe('GET /x?s=… failed')
    expect(loggableError('plain ?token=t')).toBe('plain ?token=…')
  })
})
