import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { fixtureCms } from '../tests/support/fixture-cms'
import { afterAll, describe, expect, it } from 'vitest'
import { wireBaseResponse, wireErrorResponse, wirePopupResponse } from '../app/contract/wire'
import { wireSubmissionResponse } from '../app/contract/wire-forms'
import { takeConsoleOutput } from '../tests/setup/fail-on-console'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createCmsHandler } from './handler'
import { createSearchIndex } from './search'

const cms = fixtureCms('cms-forms')
const { store, database, uploadDir, handle } = cms

afterAll(() => cms.close())

/** A minimal PDF and DOCX (a ZIP with the two entries every Word document has). */
const pdfBytes = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
function docxBytes(): Uint8Array<ArrayBuffer> {
  const zip = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') })
  return new Uint8Array(zip)
}
const exeBytes = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff])

/** Every required field of form 1 filled in, valid. */
function validFields(): Record<string, string | File> {
  return {
    input_1_3: 'Ada',
    input_1_6: 'Lovelace',
    input_2: 'ada@example.com',
    input_3: '+44 20 7946 0958',
    input_4: 'support',
    input_5: '2031-05-04',
    input_6: 'Our backups fail\r\nevery night.',
    input_7_1: 'backups',
    input_7_2: 'security',
    input_8: new File([pdfBytes], 'My CV (final).pdf', { type: 'application/pdf' }),
    input_9: 'https://google.example | 203.0.113.9 | GB | MacIntel | Mozilla/5.0',
    input_11_1: '1',
  }
}

function formData(fields: Record<string, string | File>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  return data
}

async function submit(
  fields: Record<string, string | File>,
  { form = '1', query = '', headers = {} }: { form?: string; query?: string; headers?: Record<string, string> } = {},
) {
  const response = await handle(
    new Request(`http://cms.test/api/gf/v2/forms/${form}/submissions${query}`, { method: 'POST', body: formData(fields), headers }),
  )
  return { status: response.status, body: (await response.json()) as unknown }
}

async function entryCount(): Promise<number> {
  return Number((await (await database).execute('SELECT count(*) AS n FROM form_entries')).rows[0]?.n)
}

const uploadedFiles = () => {
  try {
    return readdirSync(uploadDir)
  } catch {
    return []
  }
}

describe('form definitions in the read answers', () => {
  it('sends every form a section shows in content.shortcode_data, beside the page file’s own', async () => {
    const response = await handle(new Request('http://cms.test/api/v1/base/contact'))
    const data = wireBaseResponse.parse(await response.json()).result.page.data.result.content.shortcode_data
    expect(Object.keys(data).sort()).toEqual(['1', '99', 'login'])
    expect(data['99']?.title).toBe('Inline form')
    expect(data['1']?.title).toBe('Contact us')
    expect(data['1']?.id).toBe(1)
    expect(data['1']?.fields.map((field) => String(field.id))).toEqual(['1', '2', '3', '4', '12', '5', '6', '7', '8', '9', '10', '11'])
    // The confirmation stays on the server, as in Gravity Forms; a slug id lives in the key only.
    expect(data['1']).not.toHaveProperty('confirmation_message')
    expect(data.login).not.toHaveProperty('id')
    expect(data.login?.api_url).toBe('login')
  })

  it('uses a locale’s own form file, else the default locale’s', async () => {
    const response = await handle(new Request('http://cms.test/api/v1/base/contact?locale=de'))
    const data = wireBaseResponse.parse(await response.json()).result.page.data.result.content.shortcode_data
    expect(data['1']?.title).toBe('Kontakt')
    expect(data.login?.title).toBe('Log in')
  })

  it('sends a popup’s form in result.shortcode_data', async () => {
    const response = await handle(new Request('http://cms.test/api/v1/popups/callback?locale=de'))
    const popup = wirePopupResponse.parse(await response.json())
    expect(Object.keys(popup.result.shortcode_data)).toEqual(['login'])
  })

  it('refuses a form file whose id is not its file name', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cms-forms-bad-'))
    try {
      const { cpSync, writeFileSync } = await import('node:fs')
      cpSync(path.resolve('tests/fixtures/cms-forms/en'), path.join(root, 'en'), { recursive: true })
      writeFileSync(path.join(root, 'en/forms/2.json'), JSON.stringify({ id: 3, fields: [] }))
      await expect(createContentStore(root, ['en']).get('en')).rejects.toThrow(/id must be the file name/)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('POST /api/gf/v2/forms/{id}/submissions', () => {
  it('stores a valid entry with every value, its file under a random name, and answers the confirmation', async () => {
    const { status, body } = await submit({ ...validFields(), source_url: 'https://forms.example/contact' })
    expect(status).toBe(200)
    expect(body).toEqual({
      is_valid: true,
      page_number: 0,
      source_page_number: 2,
      confirmation_message: '<p>Thanks, we will call you back.</p>',
      confirmation_type: 'message',
    })
    expect(wireSubmissionResponse.parse(body).is_valid).toBe(true)

    const db = await database
    const entry = (await db.execute('SELECT * FROM form_entries ORDER BY id DESC LIMIT 1')).rows[0]
    expect(entry?.form_id).toBe('1')
    expect(entry?.locale).toBe('en')
    expect(entry?.source_url).toBe('https://forms.example/contact')
    expect(entry?.hidden_value).toBe('https://google.example | 203.0.113.9 | GB | MacIntel | Mozilla/5.0')
    const values: unknown = JSON.parse(String(entry?.values_json))
    expect(values).toEqual({
      '1': { '1.3': 'Ada', '1.6': 'Lovelace' },
      '2': 'ada@example.com',
      '3': '+44 20 7946 0958',
      '4': 'support',
      '5': '2031-05-04',
      '6': 'Our backups fail\nevery night.',
      '7': ['backups', 'security'],
      '8': { file_name: 'My CV (final).pdf', mime_type: 'application/pdf', size_bytes: pdfBytes.length },
      '9': 'https://google.example | 203.0.113.9 | GB | MacIntel | Mozilla/5.0',
      '10': null,
      '11': true,
    })

    const files = (await db.execute({ sql: 'SELECT * FROM entry_files WHERE entry_id = ?', args: [Number(entry?.id)] })).rows
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({
      field_id: '8',
      file_name: 'My CV (final).pdf',
      mime_type: 'application/pdf',
      size_bytes: pdfBytes.length,
    })
    const storedName = String(files[0]?.stored_path)
    expect(storedName).toMatch(/^[0-9a-f]{32}\.pdf$/)
    expect(new Uint8Array(readFileSync(path.join(uploadDir, storedName)))).toEqual(pdfBytes)
  })

  it('accepts a DOCX, takes the source URL from the Referer, and keeps a client’s path out of the name', async () => {
    const before = await entryCount()
    const { status } = await submit(
      { ...validFields(), input_8: new File([docxBytes()], '../../etc/passwd\u0007.docx', { type: 'application/octet-stream' }) },
      { headers: { referer: 'https://forms.example/de/kontakt' } },
    )
    expect(status).toBe(200)
    expect(await entryCount()).toBe(before + 1)
    const db = await database
    const file = (await db.execute('SELECT * FROM entry_files ORDER BY id DESC LIMIT 1')).rows[0]
    expect(file?.file_name).toBe('passwd_.docx')
    expect(file?.mime_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    expect(String(file?.stored_path)).toMatch(/^[0-9a-f]{32}\.docx$/)
    expect((await db.execute('SELECT source_url FROM form_entries ORDER BY id DESC LIMIT 1')).rows[0]?.source_url).toBe(
      'https://forms.example/de/kontakt',
    )
  })

  it('reads a name sent as one input and a one-option consent box, and never keeps a password', async () => {
    const { status, body } = await submit({ input_1: 'Jane Smith', input_2_1: '1', input_3: 'hunter22' }, { form: '2' })
    expect(status).toBe(200)
    // No confirmation in the file: the default one, in the locale.
    expect(body).toMatchObject({ is_valid: true, source_page_number: 1, confirmation_message: expect.stringMatching(/Thank you/) })
    const db = await database
    const entry = (await db.execute("SELECT values_json FROM form_entries WHERE form_id = '2'")).rows[0]
    expect(JSON.parse(String(entry?.values_json))).toEqual({ '1': 'Jane Smith', '2': true, '3': null })
    const unticked = await submit({ input_1: 'Jane Smith' }, { form: '2' })
    expect(unticked.body).toMatchObject({ is_valid: false, validation_messages: { '2': 'This field is required.' } })
  })

  it('answers 400 with a message per field id and the page of the first error, storing nothing', async () => {
    const before = await entryCount()
    const filesBefore = uploadedFiles().length
    const { status, body } = await submit({
      ...validFields(),
      input_1_3: '',
      input_1_6: '',
      input_2: 'not-an-email',
      input_4: 'gardening',
      input_5: '2019-12-31',
      input_6: 'x'.repeat(10_001),
      input_7_1: 'knitting',
      input_11_1: '',
    })
    expect(status).toBe(400)
    const parsed = wireSubmissionResponse.parse(body)
    expect(parsed).toEqual({
      is_valid: false,
      page_number: 1,
      source_page_number: 2,
      validation_messages: {
        '1': 'This field is required.',
        '2': 'Please enter a valid email address.',
        '4': 'Please choose one of the options given.',
        '5': 'Please choose a date on or after January 1, 2020.',
        '6': 'Please enter at most 10000 characters.',
        '7': 'Please choose one of the options given.',
        '11': 'This field is required.',
      },
    })
    expect(await entryCount()).toBe(before)
    expect(uploadedFiles()).toHaveLength(filesBefore)
  })

  it('checks dates are real and not after the maximum, and points at the page of the first error', async () => {
    const late = await submit({ ...validFields(), input_5: '2100-01-01' })
    expect(late.body).toMatchObject({
      is_valid: false,
      page_number: 2,
      validation_messages: { '5': 'Please choose a date on or before December 31, 2099.' },
    })
    const unreal = await submit({ ...validFields(), input_5: '2031-02-30' })
    expect(unreal.body).toMatchObject({ validation_messages: { '5': 'Please enter a valid date.' } })
    const shape = await submit({ ...validFields(), input_5: '04/05/2031' })
    expect(shape.body).toMatchObject({ validation_messages: { '5': 'Please enter a valid date.' } })
  })

  it('answers in German with locale=de', async () => {
    const { status, body } = await submit({ ...validFields(), input_2: '', input_5: '2019-01-01' }, { query: '?locale=de' })
    expect(status).toBe(400)
    expect(body).toMatchObject({
      validation_messages: { '2': 'Dieses Feld ist ein Pflichtfeld.', '5': 'Bitte wählen Sie ein Datum ab dem 1. Januar 2020.' },
    })
    const ok = await submit(validFields(), { query: '?locale=de' })
    expect(ok.body).toMatchObject({ is_valid: true, confirmation_message: '<p>Danke, wir rufen zurück.</p>' })
    const db = await database
    expect((await db.execute('SELECT locale FROM form_entries ORDER BY id DESC LIMIT 1')).rows[0]?.locale).toBe('de')
  })

  it('lets a required field hidden by conditional logic stay empty, and requires it when shown', async () => {
    expect((await submit({ ...validFields(), input_4: 'support' })).status).toBe(200)
    const shown = await submit({ ...validFields(), input_4: 'consulting' })
    expect(shown.status).toBe(400)
    expect(shown.body).toMatchObject({ validation_messages: { '10': 'This field is required.' } })
    expect((await submit({ ...validFields(), input_4: 'consulting', input_10: '50–250' })).status).toBe(200)
    // A value sent for a hidden field is not kept.
    expect((await submit({ ...validFields(), input_4: 'support', input_10: 'sneaky' })).status).toBe(200)
    const db = await database
    const values: unknown = JSON.parse(
      String((await db.execute('SELECT values_json FROM form_entries ORDER BY id DESC LIMIT 1')).rows[0]?.values_json),
    )
    expect(values).toMatchObject({ '10': null })
  })

  it('refuses a renamed .exe and a file over 5000 KB by their bytes, storing nothing', async () => {
    const before = await entryCount()
    const filesBefore = uploadedFiles().length
    const exe = await submit({ ...validFields(), input_8: new File([exeBytes], 'cv.pdf', { type: 'application/pdf' }) })
    expect(exe.status).toBe(400)
    expect(exe.body).toMatchObject({
      is_valid: false,
      validation_messages: { '8': 'Please upload a PDF or Word document (.pdf, .doc, .docx).' },
    })
    const big = new Uint8Array(5000 * 1024 + 1)
    big.set(pdfBytes)
    const large = await submit({ ...validFields(), input_8: new File([big], 'big.pdf', { type: 'application/pdf' }) })
    expect(large.status).toBe(400)
    expect(large.body).toMatchObject({ validation_messages: { '8': 'The file is larger than 5000 KB.' } })
    // A ZIP that merely holds the text `word/` (the old check's whole test) is no DOCX.
    const fakeDocx = zipSync({ 'notes.txt': strToU8('word/document.xml [Content_Types].xml') })
    const zip = await submit({ ...validFields(), input_8: new File([new Uint8Array(fakeDocx)], 'cv.docx') })
    expect(zip.status).toBe(400)
    expect(zip.body).toMatchObject({ validation_messages: { '8': 'Please upload a PDF or Word document (.pdf, .doc, .docx).' } })
    expect(await entryCount()).toBe(before)
    expect(uploadedFiles()).toHaveLength(filesBefore)
  })

  it('refuses files once the upload storage is full, with a clear 413, and stores nothing', async () => {
    const db = await database
    const used = Number((await db.execute('SELECT COALESCE(SUM(size_bytes), 0) AS used FROM entry_files')).rows[0]?.used)
    const full = createCmsHandler({
      store,
      defaultLocale: 'en',
      search: createSearchIndex(() => database, store, 'en'),
      database: () => database,
      uploadDir,
      maxUploadBytes: used + pdfBytes.length + 10,
    })
    const send = (fields: Record<string, string | File>) =>
      full(new Request('http://cms.test/api/gf/v2/forms/1/submissions', { method: 'POST', body: formData(fields) }))
    const before = await entryCount()
    const filesBefore = uploadedFiles().length
    const big = new Uint8Array(pdfBytes.length + 20)
    big.set(pdfBytes.subarray(0, 9))
    big.set(pdfBytes.subarray(9), 29)
    const refused = await send({ ...validFields(), input_8: new File([big], 'cv.pdf') })
    expect(refused.status).toBe(413)
    expect(wireErrorResponse.parse(await refused.json())).toMatchObject({
      code: 'rest_upload_quota',
      message: expect.stringMatching(/cannot take more files/),
    })
    expect(await entryCount()).toBe(before)
    expect(uploadedFiles()).toHaveLength(filesBefore)
    // What still fits is taken, and without a file an enquiry is never refused.
    expect((await send({ ...validFields(), input_8: new File([pdfBytes], 'cv.pdf') })).status).toBe(200)
    const { input_8: _file, ...withoutFile } = validFields()
    expect((await send(withoutFile)).status).toBe(200)
  })

  it('answers malformed requests with a clear 4xx in WordPress’s error shape', async () => {
    const before = await entryCount()
    const expectError = async (response: Response, status: number, code: string) => {
      expect(response.status).toBe(status)
      expect(wireErrorResponse.parse(await response.json())).toMatchObject({ code, data: { status } })
    }
    const post = (form: string, init: RequestInit) =>
      handle(new Request(`http://cms.test/api/gf/v2/forms/${form}/submissions`, { method: 'POST', ...init }))
    await expectError(await post('77', { body: formData(validFields()) }), 404, 'gf_form_not_found')
    await expectError(await post('', { body: formData(validFields()) }), 404, 'gf_missing_form_id')
    await expectError(await post('1', { body: formData({ ...validFields(), input_99: 'x' }) }), 400, 'gf_invalid_input')
    await expectError(await post('1', { body: formData({ ...validFields(), input_12: 'page' }) }), 400, 'gf_invalid_input')
    await expectError(await post('1', { body: formData({ ...validFields(), input_2_1: 'x' }) }), 400, 'gf_invalid_input')
    await expectError(
      await post('1', { body: formData({ ...validFields(), input_6: new File([pdfBytes], 'a.pdf') }) }),
      400,
      'gf_invalid_input',
    )
    await expectError(
      await post('1', { body: 'input_2=ada@example.com', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
      'rest_unsupported_media_type',
    )
    await expectError(
      await post('1', { body: '{"input_2": "x"}', headers: { 'content-type': 'application/json' } }),
      415,
      'rest_unsupported_media_type',
    )
    await expectError(
      await post('1', { body: '\u0000junk\u00ff', headers: { 'content-type': 'multipart/form-data; boundary=xyz' } }),
      400,
      'rest_invalid_body',
    )
    await expectError(
      await post('1', { body: '', headers: { 'content-type': 'multipart/form-data; boundary=xyz' } }),
      400,
      'rest_invalid_body',
    )
    await expectError(
      await handle(
        new Request('http://cms.test/api/gf/v2/forms/1/submissions?locale=xx', { method: 'POST', body: formData(validFields()) }),
      ),
      400,
      'rest_invalid_param',
    )
    expect(await entryCount()).toBe(before)
  })

  it('refuses a 50 MB body with 413 without reading it whole, whatever Content-Length says', async () => {
    const db = await database
    const before = (await db.execute('SELECT id FROM form_entries ORDER BY id')).rows.map((row) => Number(row.id))
    const filesBefore = uploadedFiles().length
    const chunk = new Uint8Array(1024 * 1024).fill(0x41)
    const boundary = 'big-boundary'
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="input_8"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    )
    const fiftyMegabytes = (counter: { pulled: number }) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(head)
        },
        pull(controller) {
          if (counter.pulled >= 50) return controller.close()
          counter.pulled += 1
          controller.enqueue(chunk)
        },
      })
    for (const contentLength of [undefined, '2000', String(50 * 1024 * 1024)]) {
      const counter = { pulled: 0 }
      const init: RequestInit & { duplex: 'half' } = {
        method: 'POST',
        body: fiftyMegabytes(counter),
        duplex: 'half',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(contentLength ? { 'content-length': contentLength } : {}),
        },
      }
      const response = await handle(new Request('http://cms.test/api/gf/v2/forms/1/submissions', init))
      expect(response.status).toBe(413)
      expect(wireErrorResponse.parse(await response.json()).code).toBe('rest_request_too_large')
      expect(counter.pulled).toBeLessThan(20)
    }
    expect((await db.execute('SELECT id FROM form_entries ORDER BY id')).rows.map((row) => Number(row.id))).toEqual(before)
    expect(uploadedFiles()).toHaveLength(filesBefore)
  })

  it('keeps every earlier entry through all of the above, and a fresh valid one still works', async () => {
    const db = await database
    const rows = (await db.execute("SELECT form_id, values_json FROM form_entries WHERE form_id = '1' ORDER BY id")).rows
    // One each from the first two tests, one German, three from the conditional-logic test, two within the quota.
    expect(rows).toHaveLength(8)
    expect(rows.every((row) => row.form_id === '1' && JSON.parse(String(row.values_json))['2'] === 'ada@example.com')).toBe(true)
    expect((await submit(validFields())).status).toBe(200)
  })

  it('leaves no file behind when the entry cannot be stored', async () => {
    const broken = createCmsHandler({
      store,
      defaultLocale: 'en',
      search: createSearchIndex(() => database, store, 'en'),
      database: async () => {
        const db = await openDatabase(':memory:')
        // The entry's row cannot be written: the files already on disk must go.
        await db.execute('DROP TABLE form_entries')
        return db
      },
      uploadDir,
    })
    const filesBefore = uploadedFiles().length
    const response = await broken(
      new Request('http://cms.test/api/gf/v2/forms/1/submissions', { method: 'POST', body: formData(validFields()) }),
    )
    expect(response.status).toBe(500)
    expect(uploadedFiles()).toHaveLength(filesBefore)
    expect(takeConsoleOutput().join('\n')).toMatch(/\[cms\] submission/)
  })
})
