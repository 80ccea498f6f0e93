/**
 * Requirements §10.2, `/blog/{x}`: an article if a post `x` exists, else the category
 * `x`, else not found. The loaders are passed in, so the rule is tested on its own.
 */
import { isNotFound } from '@tanstack/react-router'

export async function readBlogPath<T>(loadArticle: () => Promise<T>, loadCategory: () => Promise<T>): Promise<T> {
  try {
    return await loadArticle()
  } catch (error) {
    if (!isNotFound(error)) throw error
    return loadCategory()
  }
}
