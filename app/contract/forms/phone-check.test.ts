/**
 * A phone number's check (docs/decisions/069): libphonenumber's first check, the costly one,
 * is made while the form waits for the visitor, and a number checked once is not checked
 * again. libphonenumber runs for real; the wrapper only counts its calls.
 */
import { readFileSync } from 'node:fs'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { isValidPhoneNumber } from 'react-phone-number-input/input'
import { parseFormDefinition } from './definition'
import { validationMessages } from './messages'
import { prepareFormSchemas, validateFormValues } from './schema'
import { initialValues } from './values'

vi.mock('react-phone-number-input/input', async (importOriginal) => {
  const real = await importOriginal<typeof import('react-phone-number-input/input')>()
  return { ...real, isValidPhoneNumber: vi.fn(real.isValidPhoneNumber) }
})

const checks = vi.mocked(isValidPhoneNumber)
const options = { messages: validationMessages('en'), today: '2026-11-21' }
const form = (id: number) => parseFormDefinition(JSON.parse(readFileSync(`content/en/forms/${id}.json`, 'utf8')))!
/** Lets the check prepareFormSchemas starts (after its import) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

// In braces: a function beforeEach returns is run as its cleanup, and mockClear returns the mock.
beforeEach(() => {
  checks.mockClear()
})

describe("a phone number's check", () => {
  it('is made once ahead of the visitor by a form with a phone field, and not by one without', async () => {
    prepareFormSchemas(form(3), options)
    await settle()
    expect(checks).toHaveBeenCalledTimes(1)
    checks.mockClear()
    const noPhone = parseFormDefinition({ fields: [{ id: 1, type: 'text', label: 'Name' }] })!
    prepareFormSchemas(noPhone, options)
    await settle()
    expect(checks).not.toHaveBeenCalled()
  })

  it('answers a number checked before without libphonenumber, and still refuses a bad one each time', async () => {
    const consultation = form(3)
    const step1 = { ...initialValues(consultation), input_1: 'Sam', input_2: 'sam@example.org' }
    const check = (phone: string) => validateFormValues(consultation, { ...step1, input_3: phone }, { ...options, page: 1 })
    expect(await check('+447400123456')).toEqual({})
    expect(await check('+447400123456')).toEqual({})
    expect(checks).toHaveBeenCalledTimes(1)
    expect(await check('+44 12')).toEqual({ input_3: 'Please enter a valid phone number' })
    expect(await check('+44 12')).toEqual({ input_3: 'Please enter a valid phone number' })
    expect(checks).toHaveBeenCalledTimes(2)
  })
})
