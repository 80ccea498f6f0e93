/**
 * Password hashes for the embedded CMS's accounts: scrypt (node:crypto) with a random
 * salt per password, stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost can be
 * raised later without breaking existing hashes; compared in constant time.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const COST = { N: 2 ** 15, r: 8, p: 1 }
const KEY_BYTES = 32
const SALT_BYTES = 16

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r + 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether the password matches the stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  // Bounds keep a corrupt row from asking for gigabytes of memory.
  const sane =
    cost.N >= 2 ** 10 &&
    cost.N <= 2 ** 20 &&
    Number.isInteger(Math.log2(cost.N)) &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    cost.p >= 1 &&
    cost.p <= 16
  if (scheme !== 'scrypt' || !sane || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  if (expected.length !== KEY_BYTES) return false
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost)
  return timingSafeEqual(actual, expected)
}

/** A random secret (session or reset token) and the sha256 that is stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('hex')
  return { token, hash: sha256(token) }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
