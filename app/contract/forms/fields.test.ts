import { describe, expect, it } from 'vitest'
import { fieldKindOf, holdsValue } from './fields'

describe('fieldKindOf (one rule for the form engine and the embedded CMS)', () => {
  const two = [
    { label: 'A', value: 'a' },
    { label: 'B', value: 'b' },
  ]

  it('lets fieldType win over type', () => {
    expect(fieldKindOf({ type: 'text', fieldType: 'date' })).toBe('date')
    expect(fieldKindOf({ type: 'text', fieldType: 'file' })).toBe('file')
    expect(fieldKindOf({ type: 'text', fieldType: 'select' })).toBe('select')
  })

  it('reads a checkbox with several options as a list and with one as a single tick, by fieldType or type', () => {
    expect(fieldKindOf({ type: 'text', fieldType: 'booleancheckbox', options: two })).toBe('checkboxes')
    expect(fieldKindOf({ type: 'text', fieldType: 'booleancheckbox', options: [two[0]] })).toBe('checkbox')
    expect(fieldKindOf({ type: 'checkbox', options: two })).toBe('checkboxes')
    expect(fieldKindOf({ type: 'consent' })).toBe('checkbox')
  })

  it("reads Gravity Forms' own type names", () => {
    expect(fieldKindOf({ type: 'radio' })).toBe('select')
    expect(fieldKindOf({ type: 'fileupload' })).toBe('file')
    expect(fieldKindOf({ type: 'number' })).toBe('text')
    expect(fieldKindOf({ type: 'page' })).toBe('page')
  })

  it('makes a text field labelled "email" an email field (requirements §5)', () => {
    expect(fieldKindOf({ type: 'text', label: ' EMAIL ' })).toBe('email')
    expect(fieldKindOf({ type: 'text', label: 'Email address' })).toBe('text')
  })

  it('leaves out what the site cannot render or send', () => {
    expect(fieldKindOf({ type: 'section' })).toBeNull()
    expect(fieldKindOf({ type: 'html' })).toBeNull()
    expect(fieldKindOf({ type: 'captcha' })).toBeNull()
    expect(holdsValue(fieldKindOf({ type: 'page' }))).toBe(false)
    expect(holdsValue(fieldKindOf({ type: 'email' }))).toBe(true)
  })
})
