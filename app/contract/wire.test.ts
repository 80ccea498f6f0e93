import { describe, expect, it } from 'vitest'
import { baseResponseFixture } from '../../tests/fixtures/wire'
import { wireBaseResponse, wireErrorResponse, wireLayoutResponse, wirePopupResponse, wirePostsResponse, wireTagsResponse } from './wire'
import { wireMenuItem } from './wire-site'
import { wireSubmissionResponse } from './wire-forms'

describe('wire schemas: valid payloads', () => {
  it('parses a base response and fills defaults', () => {
    const parsed = wireBaseResponse.parse(baseResponseFixture())
    const result = parsed.result.page.data.result
    expect(result.error).toBe(false)
    expect(result.content.notifications).toEqual([])
    expect(result.content.sections[1]).toMatchObject({ layout: 'rich_text', body_html: '<p>Body</p>' })
  })

  it('accepts WordPress looseness: string ids, false for none, missing optional fields', () => {
    const item = wireMenuItem.parse({ id: '12', title: 'x', url: '/x', post_parent: '3' })
    expect(item).toMatchObject({ target: '', post_parent: '3' })
    const parsed = wireBaseResponse.parse(baseResponseFixture({ result: { featured_image: false, background_image: null, schema: null } }))
    expect(parsed.result.page.data.result.featured_image).toBe(false)
  })

  it('parses the other calls', () => {
    expect(wireLayoutResponse.parse({})).toEqual({})
    expect(wirePopupResponse.parse({ result: { props: { id: 'n', title: 't', content: '<p>c</p>' } } }).result.props.options).toEqual({})
    expect(wirePostsResponse.parse({ result: { blog_posts: [] } }).result.blog_posts).toEqual([])
    expect(wireTagsResponse.parse([{ id: 5, name: 'Security', slug: 'security' }])[0]?.id).toBe(5)
    expect(wireErrorResponse.parse({ code: 'not_found', message: 'x', data: { status: 404 } }).data?.status).toBe(404)
    expect(wireSubmissionResponse.parse({ is_valid: false, validation_messages: { '3': 'This field is required' } }).is_valid).toBe(false)
  })
})

describe('wire schemas: invalid payloads', () => {
  it('rejects a base response without options or page', () => {
    const broken = baseResponseFixture()
    expect(wireBaseResponse.safeParse({ result: { ...broken.result, options: undefined } }).success).toBe(false)
    expect(wireBaseResponse.safeParse({ result: { menu: {} } }).success).toBe(false)
    expect(wireBaseResponse.safeParse(null).success).toBe(false)
    expect(wireBaseResponse.safeParse('<html>').success).toBe(false)
  })

  it('rejects wrong types where the contract is firm', () => {
    expect(wireMenuItem.safeParse({ id: -1, title: 'x', url: '/' }).success).toBe(false)
    expect(wireMenuItem.safeParse({ id: '1 OR 1=1', title: 'x', url: '/' }).success).toBe(false)
    expect(wireBaseResponse.safeParse(baseResponseFixture({ result: { body_classes: 'a b' } })).success).toBe(false)
    expect(wireBaseResponse.safeParse(baseResponseFixture({ content: { sections: [{ heading: 'no layout' }] } })).success).toBe(false)
  })
})

describe('wire schemas: hostile payloads', () => {
  it('refuses oversized fields instead of carrying them along', () => {
    const huge = 'x'.repeat(600_000)
    expect(wireBaseResponse.safeParse(baseResponseFixture({ content: { pageContent: huge } })).success).toBe(false)
    expect(wireMenuItem.safeParse({ id: 1, title: 'x'.repeat(5000), url: '/' }).success).toBe(false)
    const manySections = Array.from({ length: 500 }, () => ({ layout: 'hero' }))
    expect(wireBaseResponse.safeParse(baseResponseFixture({ content: { sections: manySections } })).success).toBe(false)
  })

  it('does not let __proto__ in JSON reach object prototypes', () => {
    const payload = JSON.parse(
      JSON.stringify(baseResponseFixture()).replace('"slug":"about"', '"slug":"about","__proto__":{"polluted":true}'),
    )
    const parsed = wireBaseResponse.parse(payload)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype.hasOwnProperty.call(parsed.result.page.data.result, 'polluted')).toBe(false)
  })

  it('rejects a language code that is not one', () => {
    const result = baseResponseFixture({ result: { lang: [{ code: '"><script>', name: 'x', url: '/' }] } })
    expect(wireBaseResponse.safeParse(result).success).toBe(false)
  })
})
