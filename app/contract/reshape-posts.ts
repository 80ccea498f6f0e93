/**
 * Posts, wire → model (reshape.ts): a post in a list, the article, their terms and images,
 * and a list's pagination. Text is decoded once and HTML sanitized, as everywhere in reshaping.
 */
import { toAppHref } from '../lib/url'
import { imageSizesOf } from './image-sizes'
import type { Image, Post, PostList, PostSummary, Term } from './model'
import { addHeadingAnchors, decodeText, sanitizeCmsHtml } from './sanitize'
import type { WirePostsResponse } from './wire'
import type { WirePost, WirePostSummary, WireTerm } from './wire-posts'
import type { WireImage } from './wire-primitives'

export function reshapeImage(image: WireImage | false | null | undefined, fallbackAlt = ''): Image | null {
  if (!image) return null
  const link = toAppHref(image.url, [])
  if (!link) return null
  const shape = { src: link.href, width: image.width ?? 0, height: image.height ?? 0 }
  return {
    ...shape,
    alt: decodeText(image.alt ?? '') || fallbackAlt,
    error: image.error ?? false,
    sizes: imageSizesOf(shape, image.srcset, (url) => toAppHref(url, [])?.href ?? null),
  }
}

export function reshapeTerm(term: WireTerm): Term {
  return { id: String(term.id), name: decodeText(term.name), slug: term.slug, count: term.count ?? 0 }
}

export function reshapePostSummary(post: WirePostSummary): PostSummary {
  return {
    id: String(post.id),
    slug: post.slug,
    title: decodeText(post.title),
    excerptHtml: sanitizeCmsHtml(post.excerpt),
    date: post.date,
    modified: post.modified ?? null,
    author: post.author?.name ? decodeText(post.author.name) || null : null,
    featuredImage: reshapeImage(post.featured_image, decodeText(post.title)),
    categories: post.categories.map(reshapeTerm),
    tags: post.tags.map(reshapeTerm),
    readingMinutes: post.reading_minutes ?? null,
  }
}

export function reshapePost(post: WirePost): Post {
  return {
    ...reshapePostSummary(post),
    contentHtml: addHeadingAnchors(sanitizeCmsHtml(post.content)),
    fields: post.fields.flatMap((field) => {
      const label = decodeText(field.label)
      const value = decodeText(field.value)
      return label && value ? [{ label, value }] : []
    }),
  }
}

export function reshapePosts(response: WirePostsResponse): PostList {
  const { blog_posts, pagination } = response.result
  return {
    posts: blog_posts.map(reshapePostSummary),
    pagination: pagination
      ? { page: pagination.page, perPage: pagination.per_page, total: pagination.total, totalPages: pagination.total_pages }
      : null,
  }
}
