import { readdirSync } from 'node:fs'
import { fixtureCms } from '../tests/support/fixture-cms'
import { afterAll, describe, expect, it } from 'vitest'

const cms = fixtureCms('cms-idempotency', { captureMail: true })
const { database, uploadDir, sent, handle } = cms

afterAll(() => cms.close())

const pdfBytes = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/** Form 1 of the fixtures, valid, with a file and a marker to find the entry by. */
function enquiry(marker: string): FormData {
  const data = new FormData()
  const fields: Record<string, string | File> = {
    input_1_3: 'Ada',
    input_1_6: 'Lovelace',
    input_2: 'ada@example.com',
    input_3: '+44 20 7946 0958',
    input_4: 'support',
    input_5: '2031-05-04',
    input_6: `Our backups fail ${marker}`,
    input_7_1: 'backups',
    input_8: new File([pdfBytes], 'report.pdf', { type: 'application/pdf' }),
    input_11_1: '1',
  }
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  return data
}

const submit = (data: FormData, key?: string) =>
  handle(
    new Request('http://cms.test/api/gf/v2/forms/1/submissions', {
      method: 'POST',
      body: data,
      headers: key ? { 'idempotency-key': key } : {},
    }),
  )

async function entriesWith(marker: string): Promise<number> {
  const db = await database
  const result = await db.execute({ sql: 'SELECT count(*) AS n FROM form_entries WHERE values_json LIKE ?', args: [`%${marker}%`] })
  return Number(result.rows[0]?.n)
}

const files = () => {
  try {
    return readdirSync(uploadDir).length
  } catch {
    return 0
  }
}

describe('Idempotency-Key on POST /api/gf/v2/forms/{id}/submissions', () => {
  it('keeps one entry per key: a retry gets the first answer, replayed, and stores no second file', async () => {
    const first = await submit(enquiry('retry-1'), 'key-retry-0001')
    expect(first.status).toBe(200)
    const answer = await first.text()
    const filesAfterFirst = files()
    const again = await submit(enquiry('retry-1'), 'key-retry-0001')
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.text()).toBe(answer)
    expect(await entriesWith('retry-1')).toBe(1)
    expect(files()).toBe(filesAfterFirst)
  })

  it('keeps one entry when the same key arrives many times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(enquiry('burst-1'), 'key-burst-0001')))
    expect(answers.map((response) => response.status)).toEqual(Array(8).fill(200))
    expect(await entriesWith('burst-1')).toBe(1)
  })

  it('makes a new entry for a new key, and one per request without a key', async () => {
    await submit(enquiry('distinct-1'), 'key-distinct-1')
    await submit(enquiry('distinct-1'), 'key-distinct-2')
    await submit(enquiry('distinct-1'))
    await submit(enquiry('distinct-1'))
    expect(await entriesWith('distinct-1')).toBe(4)
  })

  it('does not keep a validation answer as final: the same key with corrected answers is stored', async () => {
    const invalid = enquiry('fixed-1')
    invalid.set('input_2', 'not-an-email')
    expect((await submit(invalid, 'key-fixed-0001')).status).toBe(400)
    // A 400 is final for the request that got it; the site makes a new key after an edit, and so does this test.
    expect((await submit(enquiry('fixed-1'), 'key-fixed-0002')).status).toBe(200)
    expect(await entriesWith('fixed-1')).toBe(1)
  })

  it('refuses a malformed key with a clear 400, storing nothing', async () => {
    const response = await submit(enquiry('bad-key-1'), 'ä'.repeat(3))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'rest_invalid_idempotency_key' })
    expect(await entriesWith('bad-key-1')).toBe(0)
  })
})

describe('Idempotency-Key on register and forgot', () => {
  const account = (action: string, body: Record<string, string>, key: string) =>
    handle(
      new Request(`http://cms.test/api/user/${action}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': '198.51.100.20' },
      }),
    )

  it('a retried registration answers as the first did, not "email taken"', async () => {
    const fields = { name: 'Grace', email: 'grace@example.org', password: 'correct horse battery' }
    const first = await account('register', fields, 'key-register-01')
    const again = await account('register', fields, 'key-register-01')
    expect(again.status).toBe(first.status)
    expect(await again.text()).toBe(await first.text())
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const db = await database
    expect(Number((await db.execute("SELECT count(*) AS n FROM users WHERE email = 'grace@example.org'")).rows[0]?.n)).toBe(1)
  })

  it('a retried forgot-password request sends one mail', async () => {
    await account('register', { name: 'Alan', email: 'alan@example.org', password: 'correct horse battery' }, 'key-register-02')
    const before = sent.length
    const fields = { email: 'alan@example.org', nuxtURL: 'http://localhost:3000' }
    await Promise.all([account('forgot', fields, 'key-forgot-0001'), account('forgot', fields, 'key-forgot-0001')])
    await account('forgot', fields, 'key-forgot-0001')
    await expect.poll(() => sent.length).toBe(before + 1)
  })
})
