import { describe, expect, it } from 'vitest'
import { previewQuery, signPreview, verifyPreview } from './preview-token.server'

const secret = 'a-preview-secret-of-at-least-32-characters'
const now = 1_800_000_000

describe('signed preview links', () => {
  it('accepts a link signed with the secret until it expires', () => {
    const token = signPreview({ id: '40', expires: now + 3600 }, secret)
    expect(verifyPreview({ id: '40', expires: now + 3600, token }, secret, now)).toBe(true)
    expect(verifyPreview({ id: '40', expires: now + 3600, token }, secret, now + 3601)).toBe(false)
  })

  it('refuses a tampered id, expiry or token, another secret, or no secret', () => {
    const token = signPreview({ id: '40', expires: now + 3600 }, secret)
    expect(verifyPreview({ id: '41', expires: now + 3600, token }, secret, now)).toBe(false)
    expect(verifyPreview({ id: '40', expires: now + 7200, token }, secret, now)).toBe(false)
    expect(verifyPreview({ id: '40', expires: now + 3600, token: token.replace(/^./, token[0] === 'a' ? 'b' : 'a') }, secret, now)).toBe(
      false,
    )
    expect(verifyPreview({ id: '40', expires: now + 3600, token }, `${secret}x`, now)).toBe(false)
    expect(verifyPreview({ id: '40', expires: now + 3600, token }, undefined, now)).toBe(false)
    expect(verifyPreview({ id: '40', expires: 'soon', token }, secret, now)).toBe(false)
    expect(verifyPreview({ id: '40', expires: now + 3600, token: 'short' }, secret, now)).toBe(false)
  })

  it('builds the query a WordPress plugin builds', () => {
    expect(previewQuery({ id: '40', expires: now }, secret)).toBe(
      `preview=true&p=40&expires=${now}&token=${signPreview({ id: '40', expires: now }, secret)}`,
    )
  })
})
