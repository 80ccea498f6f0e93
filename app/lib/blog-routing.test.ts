import { notFound } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { readBlogPath } from './blog-routing'

describe('/blog/{x} (requirements §10.2)', () => {
  it('is the article when a post x exists', async () => {
    const category = vi.fn(async () => 'category')
    expect(await readBlogPath(async () => 'article', category)).toBe('article')
    expect(category).not.toHaveBeenCalled()
  })

  it('is the category x when no post x exists', async () => {
    expect(
      await readBlogPath(
        async () => Promise.reject(notFound()),
        async () => 'category',
      ),
    ).toBe('category')
  })

  it('is not found when neither exists', async () => {
    const error = await readBlogPath(
      async () => Promise.reject(notFound()),
      async () => Promise.reject(notFound()),
    ).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ isNotFound: true })
  })

  it('does not hide a backend failure behind the category lookup', async () => {
    const category = vi.fn(async () => 'category')
    await expect(readBlogPath(async () => Promise.reject(new Error('CONTENT_UNAVAILABLE')), category)).rejects.toThrow(
      'CONTENT_UNAVAILABLE',
    )
    expect(category).not.toHaveBeenCalled()
  })
})
