/**
 * Signed preview links (requirements §10.6: drafts only with a valid signed token). The token is
 * an HMAC-SHA256 over the document id and the expiry time, keyed with PREVIEW_SECRET;
 * a link lasts one hour. WordPress makes the same link (docs/content-api.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface PreviewClaim {
  id: string
  /** Unix seconds. */
  expires: number
}

export function signPreview(claim: PreviewClaim, secret: string): string {
  return createHmac('sha256', secret).update(`${claim.id}.${claim.expires}`).digest('hex')
}

export function verifyPreview(
  claim: { id: string; expires: string | number; token: string },
  secret: string | undefined,
  nowSeconds: number,
): boolean {
  if (!secret) return false
  const expires = Number(claim.expires)
  if (!/^\d{1,20}$/.test(claim.id) || !Number.isInteger(expires) || expires < nowSeconds) return false
  if (!/^[0-9a-f]{64}$/.test(claim.token)) return false
  const expected = Buffer.from(signPreview({ id: claim.id, expires }, secret), 'hex')
  return timingSafeEqual(expected, Buffer.from(claim.token, 'hex'))
}

export function previewQuery(claim: PreviewClaim, secret: string): string {
  return new URLSearchParams({ preview: 'true', p: claim.id, expires: String(claim.expires), token: signPreview(claim, secret) }).toString()
}
