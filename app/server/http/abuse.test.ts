import { describe, expect, it } from 'vitest'
import { botSign, issueStamp } from './abuse.server'

describe('the bot checks of public forms', () => {
  const issued = 1_700_000_000_000

  it('lets a person through: an empty honeypot and a stamp at least two seconds old', () => {
    expect(botSign(issueStamp(issued), '', issued + 2000)).toBeNull()
    expect(botSign(issueStamp(issued), undefined, issued + 60 * 60_000)).toBeNull()
  })

  it('drops a filled honeypot, a stamp answered too fast, and a missing, forged or stale stamp', () => {
    expect(botSign(issueStamp(issued), 'http://spam.example', issued + 10_000)).toBe('honeypot')
    expect(botSign(issueStamp(issued), '', issued + 1999)).toBe('too-fast')
    expect(botSign(null, '', issued)).toBe('bad-stamp')
    expect(botSign('', '', issued)).toBe('bad-stamp')
    const [, signature] = issueStamp(issued).split('.')
    expect(botSign(`${issued - 60_000}.${signature}`, '', issued + 2000)).toBe('bad-stamp')
    expect(botSign(issueStamp(issued), '', issued + 13 * 60 * 60_000)).toBe('bad-stamp')
  })
})
