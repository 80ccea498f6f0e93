import { describe, expect, it } from 'vitest'
import { contentKey, textKey } from './text-key'

describe('text keys (the kept markup keys stand-in for content)', () => {
  it('gives equal texts the same short key and different texts different ones', () => {
    const menu = JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ label: `Item ${index}`, href: `/item-${index}` })) })
    expect(textKey(menu)).toBe(textKey(`${menu}`))
    expect(textKey(menu).length).toBeLessThan(12)
    expect(textKey(menu)).not.toBe(textKey(menu.replace('Item 7', 'Item 8')))
  })

  it('keys an object by its content, once per object', () => {
    const definition = { fields: [{ key: 'email', required: true }] }
    expect(contentKey(definition)).toBe(contentKey({ fields: [{ key: 'email', required: true }] }))
    expect(contentKey(definition)).not.toBe(contentKey({ fields: [{ key: 'email', required: false }] }))
    // The object's key is remembered: a change made to the same object after the fact is not read again.
    const [field] = definition.fields
    if (field) field.required = false
    expect(contentKey(definition)).toBe(contentKey({ fields: [{ key: 'email', required: true }] }))
  })

  it('never gives a key to another text once its table starts over', () => {
    const first = textKey('the first text')
    const seen = new Set<string>([first])
    for (let index = 0; index < 2100; index++) {
      const key = textKey(`text ${index}`)
      expect(seen.has(key)).toBe(false)
      seen.add(key)
    }
    // Equal text after the table started over: a new key (a miss), never another text's.
    expect(seen.has(textKey('the first text'))).toBe(false)
  })
})
