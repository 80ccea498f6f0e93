/**
 * Password hashes for the embedded CMS's accounts: scrypt (node:crypto) with a random
 * salt per password, stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost can be
 * raised without breaking existing hashes (a weaker one is rehashed at the next log-in,
 * `needsRehash`); compared in constant time. The cost is OWASP's Password Storage Cheat
 * Sheet's for scrypt: N=2^17, r=8, p=1 (128 MiB per hash).
 */
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const COST = { N: 2 ** 17, r: 8, p: 1 }
const KEY_BYTES = 32
const SALT_BYTES = 16

type Cost = { N: number; r: number; p: number }

function derive(password: string, salt: Buffer, options: Cost): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is below OWASP's cost.
  const scryptOptions: ScryptOptions = { ...options, maxmem: 129 * options.N * options.r * options.p + 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/** A new hash at `cost` (COST; the tests that make many hashes pass a cheaper one). */
export async function hashPassword(password: string, cost: Cost = COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether a stored hash was made at a cost below COST (and should be replaced at the next log-in). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$')
  return scheme !== 'scrypt' || Number(n) < COST.N || Number(r) < COST.r || Number(p) < COST.p
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
