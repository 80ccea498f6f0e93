import { describe, expect, it } from 'vitest'
import { cardText, MAX_TITLE_CHARS, titleSize } from './card.server'

describe('cardText', () => {
  it('keeps German and other Latin, Greek and Cyrillic text as it is', () => {
    expect(cardText('Backup und Notfallwiederherstellung für Ärzte – Straße')).toBe(
      'Backup und Notfallwiederherstellung für Ärzte – Straße',
    )
    expect(cardText('ИТ-поддержка · Ελληνικά')).toBe('ИТ-поддержка · Ελληνικά')
  })

  it('leaves out what the font cannot draw and what could hide or reorder text', () => {
    expect(cardText('Launch 🚀 day 👩🏽‍💻 🇩🇪!')).toBe('Launch day !')
    expect(cardText('abc\u202Eevil\u202C def\u0000\u200B')).toBe('abc evil def')
    expect(cardText('שלום Hello مرحبا 你好')).toBe('Hello')
  })

  it('keeps markup as the literal text it is (satori draws glyphs, never markup)', () => {
    expect(cardText('<script>alert(1)</script> &amp;')).toBe('<script>alert(1)</script> &amp;')
  })

  it('cuts a very long title at a word, with an ellipsis', () => {
    const long = cardText('Managed IT support '.repeat(40))
    expect(Array.from(long).length).toBeLessThanOrEqual(MAX_TITLE_CHARS)
    expect(long.endsWith('support…') || long.endsWith('IT…') || long.endsWith('Managed…')).toBe(true)
    const oneWord = cardText('x'.repeat(500))
    expect(oneWord).toBe(`${'x'.repeat(MAX_TITLE_CHARS - 1)}…`)
  })
})

describe('titleSize', () => {
  it('sets short titles large and long ones smaller', () => {
    expect(titleSize('Company news')).toBe(80)
    expect(titleSize('Five signs your backups will not restore')).toBeLessThan(80)
    expect(titleSize(cardText('Managed IT support '.repeat(40)))).toBe(44)
  })

  it('shrinks until the longest German compound fits one line', () => {
    const size = titleSize('Datenschutzgrundverordnungskonformitätsprüfung')
    expect(size).toBeLessThan(64)
    expect(size).toBeGreaterThanOrEqual(44)
  })
})
