import { describe, expect, it } from 'vitest'
import type { PageData } from '../contract/model'
import { blockTextOf, firstListAdapter, firstListForDocument, pageDataAdapter, pageDataForDocument } from './-page-data-block'

const data = (title: string) =>
  ({ page: { title, kind: 'page' }, menus: { primary: [] }, options: { organizationName: 'Kestrel' } }) as unknown as PageData

describe('the page data block (docs/decisions/050)', () => {
  it("gives one copy per data object, with the data's JSON as its block text", () => {
    const original = data('Home')
    const copy = pageDataForDocument(original)
    expect(copy).not.toBe(original)
    expect(copy).toEqual(original)
    expect(pageDataForDocument(original)).toBe(copy)
    expect(JSON.parse(blockTextOf(copy)!)).toEqual(original)
  })

  it('escapes every "<", so a CMS field cannot end the script element or open a comment in it', () => {
    const hostile = data('</script><script>alert(1)</script><!-- x')
    const text = blockTextOf(pageDataForDocument(hostile))!
    expect(text).not.toContain('<')
    expect(JSON.parse(text)).toEqual(hostile)
  })

  it("writes only a loader's copies as references: the data itself, in a server function's answer, is serialized as before", () => {
    const original = data('About')
    const copy = pageDataForDocument(original)
    expect(pageDataAdapter.test(copy)).toBe(true)
    expect(pageDataAdapter.test(original)).toBe(false)
    expect(blockTextOf(original)).toBeUndefined()
    const list = { posts: [], pagination: null }
    expect(firstListAdapter.test(list)).toBe(false)
    expect(firstListAdapter.test(firstListForDocument(list))).toBe(true)
  })
})
