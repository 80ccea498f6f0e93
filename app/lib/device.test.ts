import { describe, expect, it } from 'vitest'
import { detectDeviceType } from './device'

const from = (headers: Record<string, string>) => (name: string) => headers[name] ?? null

describe('detectDeviceType (requirements §9)', () => {
  it('trusts CDN device headers first', () => {
    expect(detectDeviceType(from({ 'cloudfront-is-tablet-viewer': 'true', 'user-agent': 'iPhone' }))).toBe('tablet')
    expect(detectDeviceType(from({ 'cloudfront-is-mobile-viewer': 'true' }))).toBe('mobile')
    expect(detectDeviceType(from({ 'x-device-type': 'Desktop', 'user-agent': 'iPhone' }))).toBe('desktop')
  })

  it('then client hints, then the user agent', () => {
    expect(detectDeviceType(from({ 'sec-ch-ua-mobile': '?1' }))).toBe('mobile')
    expect(detectDeviceType(from({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' }))).toBe('mobile')
    expect(detectDeviceType(from({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile Safari/537.36' }))).toBe('mobile')
    expect(detectDeviceType(from({ 'user-agent': 'Mozilla/5.0 (Linux; Android 13; SM-X200) Safari/537.36' }))).toBe('tablet')
    expect(detectDeviceType(from({ 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)' }))).toBe('tablet')
    expect(detectDeviceType(from({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' }))).toBe('desktop')
    expect(detectDeviceType(from({}))).toBe('desktop')
  })
})
