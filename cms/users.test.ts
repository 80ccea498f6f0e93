import { fixtureCms } from '../tests/support/fixture-cms'
import { afterAll, describe, expect, it } from 'vitest'
import { wireErrorResponse } from '../app/contract/wire'
import { wireUserResponse } from '../app/contract/wire-forms'
import { hashPassword, needsRehash, verifyPassword } from './passwords'

const cms = fixtureCms('cms-users', { captureMail: true, siteOrigins: ['https://www.kestrel.example'] })
const { database, sent, handle } = cms

afterAll(() => cms.close())

type Body = Record<string, string>

async function call(
  pathAndQuery: string,
  init: { body?: Body | string | FormData; as?: 'json' | 'form'; token?: string; method?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip ?? '198.51.100.7' }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  let body: string | FormData | undefined
  if (typeof init.body === 'string' || init.body instanceof FormData) {
    body = init.body
    if (init.as === 'json') headers['content-type'] = 'application/json'
  } else if (init.body && init.as === 'form') {
    body = new URLSearchParams(init.body).toString()
    headers['content-type'] = 'application/x-www-form-urlencoded'
  } else if (init.body) {
    body = JSON.stringify(init.body)
    headers['content-type'] = 'application/json'
  }
  const response = await handle(new Request(`http://cms.test${pathAndQuery}`, { method: init.method ?? 'POST', headers, body }))
  return { status: response.status, body: (await response.json()) as unknown }
}

const messageOf = (body: unknown) => wireUserResponse.parse(body).message

async function latestResetLink(email: string): Promise<URL> {
  const row = (
    await (await database).execute({ sql: 'SELECT body FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1', args: [email] })
  ).rows[0]
  const link = /https?:\/\/\S+/.exec(String(row?.body))?.[0]
  if (!link) throw new Error('no reset link in the outbox')
  return new URL(link)
}

describe('accounts: /api/user/*', () => {
  const email = 'grace@example.com'

  it('registers, logs in, knows who is logged in, resets a forgotten password, and logs in with the new one', async () => {
    const registered = await call('/api/user/register', {
      body: { name: 'Grace Hopper', email: 'Grace@Example.com', password: 'first-password' },
    })
    expect(registered).toEqual({
      status: 200,
      body: {
        message:
          'Thank you for registering. You can now log in; if this email address already had an account, we have emailed its owner instead.',
      },
    })

    const login = await call('/api/user/login', { body: { email, password: 'first-password' }, as: 'form' })
    expect(login.status).toBe(200)
    const session = wireUserResponse.parse(login.body)
    expect(session.user).toEqual({ id: 1, name: 'Grace Hopper', email })
    expect(session.token).toMatch(/^[0-9a-f]{64}$/)
    const token = session.token ?? ''

    const me = await call('/api/user/me', { method: 'GET', token })
    expect(me.status).toBe(200)
    expect(wireUserResponse.parse(me.body).user?.email).toBe(email)
    // Only the token's hash is stored.
    const stored = (await (await database).execute('SELECT token_hash, expires_at FROM sessions')).rows
    expect(stored.map((row) => row.token_hash)).not.toContain(token)
    expect(Date.parse(String(stored[0]?.expires_at)) - Date.now()).toBeGreaterThan(13 * 24 * 60 * 60 * 1000)

    const forgot = await call('/api/user/forgot', {
      body: { email, subject: 'Reset your password', nuxtURL: 'https://www.kestrel.example/de' },
    })
    expect(forgot).toEqual({
      status: 200,
      body: { message: 'If an account exists for this email address, we have sent it a link to reset the password.' },
    })
    const link = await latestResetLink(email)
    expect(`${link.origin}${link.pathname}`).toBe('https://www.kestrel.example/de/reset-password')
    expect(link.searchParams.get('userId')).toBe('1')
    const passToken = link.searchParams.get('passToken') ?? ''
    expect(passToken).toMatch(/^[0-9a-f]{64}$/)
    const tokens = (await (await database).execute('SELECT token_hash, expires_at, used_at FROM reset_tokens')).rows
    expect(tokens.map((row) => row.token_hash)).not.toContain(passToken)
    const lifetime = Date.parse(String(tokens[0]?.expires_at)) - Date.now()
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000)
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000)
    expect(sent.at(-1)).toMatchObject({ to: email, subject: 'Reset your password' })
    expect(sent.at(-1)?.text).toContain(link.href)

    const reset = await call(`/api/user/reset-password?userId=1&passToken=${passToken}`, {
      body: { password: 'second-password', passwordRepeat: 'second-password' },
    })
    expect(reset).toEqual({ status: 200, body: { message: 'Your password has been changed. You can now log in with the new password.' } })

    // The reset ended every session, and only the new password works.
    expect((await call('/api/user/me', { method: 'GET', token })).status).toBe(401)
    expect((await call('/api/user/login', { body: { email, password: 'first-password' } })).status).toBe(401)
    expect((await call('/api/user/login', { body: { email, password: 'second-password' } })).status).toBe(200)

    const again = await call(`/api/user/reset-password?userId=1&passToken=${passToken}`, {
      body: { password: 'third-password', passwordRepeat: 'third-password' },
    })
    expect(again.status).toBe(400)
    expect(messageOf(again.body)).toBe('This password reset link is invalid or has expired. Please request a new one.')
    expect((await call('/api/user/login', { body: { email, password: 'second-password' } })).status).toBe(200)
  })

  it('refuses an expired reset token and checks the passwords match before using the token', async () => {
    await call('/api/user/forgot', { body: { email, subject: 'Reset', nuxtURL: 'http://localhost:3000' } })
    const passToken = (await latestResetLink(email)).searchParams.get('passToken') ?? ''

    const mismatch = await call(`/api/user/reset-password?userId=1&passToken=${passToken}`, {
      body: { password: 'fourth-password', passwordRepeat: 'fourth-passwort' },
    })
    expect(mismatch.status).toBe(400)
    expect(wireErrorResponse.parse(mismatch.body)).toMatchObject({ code: 'password_mismatch', message: 'Passwords must match' })
    const german = await call(`/api/user/reset-password?userId=1&passToken=${passToken}&locale=de`, {
      body: { password: 'a-password', passwordRepeat: 'b-password' },
    })
    expect(messageOf(german.body)).toBe('Die Passwörter müssen übereinstimmen')
    const short = await call(`/api/user/reset-password?userId=1&passToken=${passToken}`, {
      body: { password: 'short', passwordRepeat: 'short' },
    })
    expect(messageOf(short.body)).toBe('The password must be at least 8 characters long.')
    const wrongUser = await call(`/api/user/reset-password?userId=2&passToken=${passToken}`, {
      body: { password: 'fourth-password', passwordRepeat: 'fourth-password' },
    })
    expect(wrongUser.status).toBe(400)

    await (
      await database
    ).execute("UPDATE reset_tokens SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 second') WHERE used_at IS NULL")
    const expired = await call(`/api/user/reset-password?userId=1&passToken=${passToken}`, {
      body: { password: 'fourth-password', passwordRepeat: 'fourth-password' },
    })
    expect(expired.status).toBe(400)
    expect(wireErrorResponse.parse(expired.body).code).toBe('invalid_reset_token')
    expect((await call('/api/user/login', { body: { email, password: 'second-password' } })).status).toBe(200)
  })

  it('answers forgot the same whether or not the account exists, and mails only real accounts', async () => {
    const outbox = async () => Number((await (await database).execute('SELECT count(*) AS n FROM outbox')).rows[0]?.n)
    const before = await outbox()
    const unknown = await call('/api/user/forgot', {
      body: { email: 'nobody@example.com', subject: 'Reset', nuxtURL: 'https://forms.example' },
    })
    const known = await call('/api/user/forgot', { body: { email, subject: 'Reset', nuxtURL: 'https://forms.example' } })
    expect(unknown).toEqual(known)
    expect(await outbox()).toBe(before + 1)
  })

  it('only sends reset links to this site', async () => {
    const evil = await call('/api/user/forgot', { body: { email, subject: 'Reset', nuxtURL: 'https://attacker.example' } })
    expect(evil.status).toBe(400)
    expect(messageOf(evil.body)).toBe('nuxtURL must be the address of this site.')
    expect((await call('/api/user/forgot', { body: { email, subject: 'Reset', nuxtURL: 'javascript:alert(1)' } })).status).toBe(400)
  })

  it('answers a registration for an existing email as for a new one, keeps the account, and mails its owner once', async () => {
    sent.length = 0
    const fresh = await call('/api/user/register', {
      body: { name: 'Mary', email: 'mary@example.com', password: 'difference-engine' },
      ip: '203.0.113.80',
    })
    const taken = await call('/api/user/register', {
      body: { name: 'Someone', email: 'GRACE@example.com', password: 'another-password' },
      ip: '203.0.113.80',
    })
    expect(taken).toEqual(fresh)
    expect(taken.status).toBe(200)
    // Grace's password is unchanged; the intruder's is not hers.
    expect((await call('/api/user/login', { body: { email, password: 'another-password' }, ip: '203.0.113.81' })).status).toBe(401)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sent.map((mail) => mail.to)).toEqual(['grace@example.com'])
    expect(sent[0]?.text).toMatch(/someone tried to register a new account with this email address/)
    // A second try within the hour mails no more: the form cannot flood an inbox.
    await call('/api/user/register', { body: { name: 'Someone', email, password: 'another-password' }, ip: '203.0.113.82' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sent).toHaveLength(1)
  })

  it('limits registrations per address before hashing anything', async () => {
    const ip = '203.0.113.90'
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const answer = await call('/api/user/register', { body: { name: 'Bot', email: `bot${i}@example.com`, password: 'x' }, ip })
      statuses.push(answer.status)
    }
    expect(statuses.every((status) => status === 400)).toBe(true)
    // A registration that hashes its password (scrypt at OWASP's cost), from another address,
    // against the refused one with a password as good: the refused one runs no scrypt, so it
    // takes a small part of that time. Compared in the same run, not to a fixed time, so
    // that a busy machine slows both alike.
    let started = performance.now()
    const hashed = await call('/api/user/register', {
      body: { name: 'Ada', email: 'ada.hashed@example.com', password: 'a long enough password' },
      ip: '203.0.113.91',
    })
    const hashing = performance.now() - started
    expect(hashed.status).toBe(200)
    started = performance.now()
    const refused = await call('/api/user/register', {
      body: { name: 'Bot', email: 'bot10@example.com', password: 'a long enough password' },
      ip,
    })
    const refusing = performance.now() - started
    expect(refused.status).toBe(429)
    expect(refusing).toBeLessThan(hashing / 4)
  })

  it('refuses bad input and unknown credentials with clear messages', async () => {
    const short = await call('/api/user/register', { body: { name: 'Alan', email: 'alan@example.com', password: 'seven77' } })
    expect(short.status).toBe(400)
    expect(messageOf(short.body)).toBe('The password must be at least 8 characters long.')
    expect(
      messageOf((await call('/api/user/register', { body: { name: '', email: 'alan@example.com', password: 'long-enough' } })).body),
    ).toBe('Please enter your name.')
    expect(messageOf((await call('/api/user/register', { body: { name: 'Alan', email: 'alan', password: 'long-enough' } })).body)).toBe(
      'Please enter a valid email address.',
    )

    const wrongPassword = await call('/api/user/login', { body: { email, password: 'not-the-password' } })
    const unknownEmail = await call('/api/user/login', { body: { email: 'nobody@example.com', password: 'not-the-password' } })
    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail).toEqual(wrongPassword)
    expect(messageOf(wrongPassword.body)).toBe('The email address or password is incorrect.')
    const german = await call('/api/user/login?locale=de', { body: { username: email, password: 'nope-nope' } })
    expect(messageOf(german.body)).toBe('E-Mail-Adresse oder Passwort ist falsch.')
  })

  it('accepts multipart bodies and refuses junk ones with a 4xx', async () => {
    const data = new FormData()
    data.append('name', 'Alan Turing')
    data.append('email', 'alan@example.com')
    data.append('password', 'enigma-machine')
    expect((await call('/api/user/register', { body: data })).status).toBe(200)
    const junk = await call('/api/user/login', { body: '{"email":', as: 'json' })
    expect(junk.status).toBe(400)
    expect(wireErrorResponse.parse(junk.body).code).toBe('rest_invalid_body')
    const response = await handle(
      new Request('http://cms.test/api/user/login', { method: 'POST', body: 'email=x', headers: { 'content-type': 'text/plain' } }),
    )
    expect(response.status).toBe(415)
    expect(
      (
        await handle(
          new Request('http://cms.test/api/user/register', {
            method: 'POST',
            body: JSON.stringify({ x: 'y'.repeat(70_000) }),
            headers: { 'content-type': 'application/json' },
          }),
        )
      ).status,
    ).toBe(413)
    expect((await handle(new Request('http://cms.test/api/user/login', { method: 'GET' }))).status).toBe(404)
  })

  it('logs out by revoking the token, and answers me without a valid token with 401', async () => {
    const login = wireUserResponse.parse(
      (await call('/api/user/login', { body: { email: 'alan@example.com', password: 'enigma-machine' } })).body,
    )
    const token = login.token ?? ''
    expect((await call('/api/user/me', { method: 'GET', token })).status).toBe(200)
    expect(messageOf((await call('/api/user/logout', { token })).body)).toBe('You have been logged out.')
    expect((await call('/api/user/me', { method: 'GET', token })).status).toBe(401)
    const none = await call('/api/user/me', { method: 'GET' })
    expect(none.status).toBe(401)
    expect(messageOf(none.body)).toBe('You are not logged in.')
  })

  it('slows down repeated log-in attempts for one address and email', async () => {
    const attempt = () => call('/api/user/login', { body: { email: 'alan@example.com', password: 'wrong-password' }, ip: '203.0.113.50' })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await attempt()).status)
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
    // Another address is not affected.
    expect(
      (await call('/api/user/login', { body: { email: 'alan@example.com', password: 'enigma-machine' }, ip: '203.0.113.51' })).status,
    ).toBe(200)
    // Twelve scrypt checks at OWASP's cost: seconds on a busy machine.
  }, 60_000)
})

describe('password hashes', () => {
  it('are salted scrypt strings that verify only the right password', async () => {
    const first = await hashPassword('correct horse')
    const second = await hashPassword('correct horse')
    // OWASP's cost for scrypt: N=2^17, r=8, p=1.
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(first).not.toBe(second)
    expect(await verifyPassword('correct horse', first)).toBe(true)
    expect(await verifyPassword('correct horsE', first)).toBe(false)
    expect(await verifyPassword('correct horse', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA')).toBe(false)
    expect(await verifyPassword('correct horse', 'plain')).toBe(false)
  })

  it('still verify at an older cost, and such a hash is replaced at the next log-in', async () => {
    const old = await hashPassword('analytical-engine', { N: 2 ** 15, r: 8, p: 1 })
    expect(old).toMatch(/^scrypt\$32768\$/)
    expect(await verifyPassword('analytical-engine', old)).toBe(true)
    expect(needsRehash(old)).toBe(true)
    expect(needsRehash(await hashPassword('analytical-engine'))).toBe(false)
    const db = await database
    await db.execute({
      sql: 'INSERT INTO users (email, name, password_hash) VALUES (?, ?, ?)',
      args: ['charles@example.com', 'Charles', old],
    })
    expect(
      (await call('/api/user/login', { body: { email: 'charles@example.com', password: 'analytical-engine' }, ip: '203.0.113.95' })).status,
    ).toBe(200)
    const stored = String((await db.execute("SELECT password_hash FROM users WHERE email = 'charles@example.com'")).rows[0]?.password_hash)
    expect(stored).toMatch(/^scrypt\$131072\$/)
    expect(await verifyPassword('analytical-engine', stored)).toBe(true)
  })
})
