import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isFieldShown, parseConditionalLogic } from './conditional-logic'
import { parseFormDefinition } from './definition'
import { initialValues, type FormDefinition } from './values'
import { firstErrorPage, mapServerErrors } from './errors'
import { sniffFileKind, checkUpload } from './file-type'
import { validationMessages } from './messages'
import { validateFormValues } from './schema'
import { fromSubmissionEntries, toSubmissionEntries } from './submission'

const load = (locale: string, id: number): FormDefinition => {
  const definition = parseFormDefinition(JSON.parse(readFileSync(`content/${locale}/forms/${id}.json`, 'utf8')))
  if (!definition) throw new Error(`form ${id} does not parse`)
  return definition
}
const options = { messages: validationMessages('en'), today: '2026-11-21' }
const pdf = () =>
  new File([new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\n%%EOF')], 'report.pdf', { type: 'application/pdf' })

describe('conditional logic (Gravity Forms rules)', () => {
  const values: Record<string, string | string[]> = { '1': 'Provider', '2': '42', '3': ['a', 'b'] }
  const shown = (logic: unknown) => isFieldShown(parseConditionalLogic(logic), (id) => values[id])

  it('show/hide with all/any and every operator', () => {
    expect(shown({ actionType: 'show', logicType: 'all', rules: [{ fieldId: '1', operator: 'is', value: 'provider' }] })).toBe(true)
    expect(shown({ actionType: 'hide', logicType: 'all', rules: [{ fieldId: '1', operator: 'is', value: 'provider' }] })).toBe(false)
    expect(
      shown({
        actionType: 'show',
        logicType: 'all',
        rules: [
          { fieldId: '1', operator: 'is', value: 'provider' },
          { fieldId: '2', operator: '<', value: '10' },
        ],
      }),
    ).toBe(false)
    expect(
      shown({
        actionType: 'show',
        logicType: 'any',
        rules: [
          { fieldId: '1', operator: 'is', value: 'x' },
          { fieldId: '2', operator: '>', value: '10' },
        ],
      }),
    ).toBe(true)
    expect(shown({ rules: [{ fieldId: '1', operator: 'isnot', value: 'other' }] })).toBe(true)
    expect(shown({ rules: [{ fieldId: '1', operator: 'contains', value: 'OVID' }] })).toBe(true)
    expect(shown({ rules: [{ fieldId: '1', operator: 'starts_with', value: 'pro' }] })).toBe(true)
    expect(shown({ rules: [{ fieldId: '1', operator: 'ends_with', value: 'der' }] })).toBe(true)
    expect(shown({ rules: [{ fieldId: '2', operator: '>', value: 'abc' }] })).toBe(false)
    // A checkbox list: `is` matches any ticked value, `isnot` only when none matches.
    expect(shown({ rules: [{ fieldId: '3', operator: 'is', value: 'b' }] })).toBe(true)
    expect(shown({ rules: [{ fieldId: '3', operator: 'isnot', value: 'b' }] })).toBe(false)
  })

  it('no logic, empty rules or junk means always shown', () => {
    expect(shown(null)).toBe(true)
    expect(shown(false)).toBe(true)
    expect(shown({ actionType: 'show', rules: [] })).toBe(true)
    expect(parseConditionalLogic({ rules: 'nope' })).toBeNull()
  })
})

describe('form definitions', () => {
  it('reads kinds, steps, required, readonly and the form type from the demo forms', () => {
    const support = load('en', 4)
    expect(support.type).toBe('standard')
    expect(support.fields.map((field) => field.kind)).toEqual([
      'name',
      'email',
      'text',
      'text',
      'select',
      'select',
      'text',
      'phone',
      'textarea',
      'file',
      'hidden',
    ])
    expect(support.fields.find((field) => field.id === '4')).toMatchObject({ readOnly: true, defaultValue: 'Website' })
    expect(initialValues(support).input_4).toBe('Website')
    const consultation = load('en', 3)
    expect(consultation.steps).toEqual(['About you', 'Your business', 'Your consultation'])
    expect(consultation.fields.filter((field) => field.pageNumber === 2).map((field) => field.id)).toEqual(['10', '4', '5', '6', '7'])
    expect([6, 7, 8, 9].map((id) => load('en', id).type)).toEqual(['login', 'register', 'recover', 'reset'])
    expect(load('en', 2).fields.find((field) => field.id === '5')?.kind).toBe('checkboxes')
    expect(load('en', 1).fields.find((field) => field.id === '6')?.kind).toBe('checkbox')
  })

  it('refuses what it cannot render rather than half-rendering it', () => {
    expect(parseFormDefinition({ fields: 'x' })).toBeNull()
    expect(parseFormDefinition(null)).toBeNull()
    expect(parseFormDefinition({ fields: [{ id: 1, type: 'captcha', label: 'x' }] })?.fields).toEqual([])
  })
})

/** The support form (4) answered just enough to pass, for tests that change one thing. */
function validSupportTicket() {
  const support = load('en', 4)
  const base = {
    ...initialValues(support),
    input_1: 'Jo',
    input_2: 'jo@example.org',
    input_3: 'Acme',
    input_5: 'email',
    input_6: 'normal',
    input_9: 'Broken',
  }
  return { support, base }
}

describe('the schema built from a definition', () => {
  const contact = load('en', 1)

  it('required, email and consent messages come from requirements §5', async () => {
    expect(await validateFormValues(contact, initialValues(contact), options)).toEqual({
      input_1: 'This field is required',
      input_2: 'This field is required',
      input_5: 'This field is required',
      input_6: 'This field is required',
    })
    const errors = await validateFormValues(
      contact,
      { ...initialValues(contact), input_1: 'Jane', input_2: 'jane@', input_5: 'Hi', input_6: true, input_3: '+44 12' },
      options,
    )
    expect(errors).toEqual({ input_2: 'Please enter a valid email', input_3: 'Please enter a valid phone number' })
  })

  it('a field whose label is "email" is an email field whatever its type', async () => {
    const definition = parseFormDefinition({ fields: [{ id: 1, type: 'text', label: 'EMAIL' }] })!
    expect(await validateFormValues(definition, { input_1: 'nope' }, options)).toEqual({ input_1: 'Please enter a valid email' })
  })

  it("the field's own errorMessage takes priority", async () => {
    const definition = parseFormDefinition({
      fields: [{ id: 1, type: 'text', label: 'Name', isRequired: true, errorMessage: 'We need your name' }],
    })!
    expect(await validateFormValues(definition, { input_1: ' ' }, options)).toEqual({ input_1: 'We need your name' })
  })

  it('fields hidden by conditional logic are not required; shown ones are', async () => {
    const { support, base } = validSupportTicket()
    expect(await validateFormValues(support, base, options)).toEqual({})
    expect(await validateFormValues(support, { ...base, input_6: 'high' }, options)).toEqual({ input_8: 'This field is required' })
    expect(await validateFormValues(support, { ...base, input_6: 'high', input_8: '+441134960000' }, options)).toEqual({})
  })

  it('select values must be options; dates between the minimum (or today) and the maximum', async () => {
    const consultation = load('en', 3)
    const step3 = { ...initialValues(consultation), input_9: 'evening' }
    expect(await validateFormValues(consultation, { ...step3, input_8: '2026-11-20' }, { ...options, page: 3 })).toEqual({
      input_8: 'Please choose a date on or after 2026-11-21',
      input_9: 'Please choose one of the options',
    })
    expect((await validateFormValues(consultation, { ...step3, input_8: '2028-01-01' }, { ...options, page: 3 })).input_8).toBe(
      'Please choose a date on or before 2027-12-31',
    )
    expect((await validateFormValues(consultation, { ...step3, input_8: '2027-02-30' }, { ...options, page: 3 })).input_8).toBe(
      'Please enter a valid date',
    )
    expect(
      await validateFormValues(consultation, { ...step3, input_8: '2026-11-21', input_9: 'morning' }, { ...options, page: 3 }),
    ).toEqual({})
  })

  it('a schema built for one day or language is not used for another (schemas are kept per field)', async () => {
    const consultation = load('en', 3)
    const values = { ...initialValues(consultation), input_8: '2026-11-20', input_9: 'morning' }
    const check = (today: string, locale: 'en' | 'de') =>
      validateFormValues(consultation, values, { messages: validationMessages(locale), today, page: 3 })
    expect((await check('2026-11-21', 'en')).input_8).toBe('Please choose a date on or after 2026-11-21')
    expect(await check('2026-11-19', 'en')).toEqual({})
    expect((await check('2026-11-21', 'de')).input_8).toMatch(/^(?!Please).*2026-11-21/)
    expect((await check('2026-11-21', 'en')).input_8).toBe('Please choose a date on or after 2026-11-21')
  })

  it('with a page, only that step is checked', async () => {
    const consultation = load('en', 3)
    expect(Object.keys(await validateFormValues(consultation, initialValues(consultation), { ...options, page: 1 }))).toEqual([
      'input_1',
      'input_2',
      'input_3',
    ])
    expect(Object.keys(await validateFormValues(consultation, initialValues(consultation), { ...options, page: 2 }))).toEqual([
      'input_4',
      'input_5',
      'input_6',
    ])
  })

  it('files: Word, DOCX or PDF by content, up to 5000 KB', async () => {
    const { support, base } = validSupportTicket()
    expect(await validateFormValues(support, { ...base, input_10: pdf() }, options)).toEqual({})
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], 'cv.pdf', { type: 'application/pdf' })
    expect(await validateFormValues(support, { ...base, input_10: exe }, options)).toEqual({
      input_10: 'Please choose a Word, DOCX or PDF file',
    })
    const big = new File([new Uint8Array(5000 * 1024 + 1).fill(0x25)], 'big.pdf')
    expect(await validateFormValues(support, { ...base, input_10: big }, options)).toEqual({
      input_10: 'The file must be 5000 KB or smaller',
    })
  })
})

describe('file sniffing', () => {
  it('knows PDF, DOC and DOCX and refuses a plain ZIP and an executable', async () => {
    const bytes = (...values: number[]) => new Uint8Array(values)
    expect(sniffFileKind(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf')
    expect(sniffFileKind(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0))).toBe('doc')
    expect(sniffFileKind(new Uint8Array([0x50, 0x4b, 3, 4, ...new TextEncoder().encode('....word/document.xml')]))).toBe('docx')
    expect(sniffFileKind(new Uint8Array([0x50, 0x4b, 3, 4, ...new TextEncoder().encode('....xl/workbook.xml')]))).toBeNull()
    expect(sniffFileKind(bytes(0x4d, 0x5a))).toBeNull()
    expect(await checkUpload(new Blob([]))).toBe('wrong_type')
  })
})

describe('submission entries', () => {
  it('round-trips through input_{id} and input_{id}_{n} keys, and names unknown keys', () => {
    const enquiry = load('en', 2)
    const values = { ...initialValues(enquiry), input_1: 'Jo', input_2: 'jo@example.org', input_5: ['cloud', 'help-desk'] }
    const entries = toSubmissionEntries(enquiry, values)
    expect(entries).toEqual([
      ['input_1', 'Jo'],
      ['input_2', 'jo@example.org'],
      ['input_5_1', 'help-desk'],
      ['input_5_3', 'cloud'],
    ])
    const back = fromSubmissionEntries(enquiry, [...entries, ['input_77', 'x'], ['input_5_9', 'x'], ['input_1_2', 'x']])
    expect(back.values).toMatchObject({ input_1: 'Jo', input_5: ['help-desk', 'cloud'], input_6: '' })
    expect(back.unknown).toEqual(['input_77', 'input_5_9', 'input_1_2'])
    const contact = load('en', 1)
    expect(toSubmissionEntries(contact, { ...initialValues(contact), input_6: true })).toEqual([['input_6_1', '1']])
  })
})

describe('server errors', () => {
  it('maps validation_messages per field, the field errorMessage first, and keeps the rest', () => {
    const definition = parseFormDefinition({
      fields: [
        { id: 1, type: 'text', label: 'Name' },
        { id: 2, type: 'email', label: 'Email', errorMessage: 'Use your work email' },
        { id: 3, type: 'page', label: '' },
        { id: 4, type: 'text', label: 'Company' },
      ],
    })!
    const mapped = mapServerErrors(definition, {
      '1': 'This field is required.',
      '2': 'Invalid',
      '4.3': '<b>Too</b> short',
      '9': 'Something else',
    })
    expect(mapped.fields).toEqual({ input_1: 'This field is required.', input_2: 'Use your work email', input_4: 'Too short' })
    expect(mapped.general).toEqual(['Something else'])
    expect(firstErrorPage(definition, { input_4: 'x' })).toBe(2)
  })
})
