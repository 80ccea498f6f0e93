import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { wireBaseResponse } from '../app/contract/wire'
import { cmsConfig } from './config'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createCmsHandler } from './handler'
import { createSearchIndex } from './search'

const store = createContentStore(path.resolve('content'), ['en', 'de'])
const database = openDatabase(':memory:')
const search = createSearchIndex(() => database, store, 'en')
const handle = createCmsHandler({ store, defaultLocale: 'en', search, database: () => database })
/** An English and a German article (content/{en,de}/posts/five-signs-your-backups-will-not-restore.md). */
const POST_EN = 202
const POST_DE = 302
const slug = 'five-signs-your-backups-will-not-restore'

let sent = 0
/** A comment from a new address each time (the flood check counts per email and address). */
function comment(fields: Record<string, string>, headers: Record<string, string> = {}) {
  sent += 1
  const body = new URLSearchParams({
    comment_post_ID: String(POST_EN),
    author: 'Ada',
    email: `reader-${sent}@example.org`,
    comment: 'Thanks',
    ...fields,
  })
  return handle(new Request('http://cms.test/wp-comments-post.php', { method: 'POST', body, headers }))
}
const message = async (response: Response) => /<p>(.*)<\/p>/.exec(await response.text())?.[1]

describe('embedded CMS: POST /wp-comments-post.php', () => {
  it('holds a comment for moderation and redirects back to the article, with the locale', async () => {
    const en = await comment({ comment: 'First!' })
    expect(en.status).toBe(302)
    expect(en.headers.get('location')).toMatch(new RegExp(`^/blog/${slug}\\?unapproved=(\\d+)#comment-\\1$`))
    const de = await comment({ comment_post_ID: String(POST_DE), locale: 'de' })
    expect(de.headers.get('location')).toMatch(new RegExp(`^/de/blog/${slug}\\?unapproved=\\d+#comment-\\d+$`))
    const rows = (await (await database).execute("SELECT status FROM comments WHERE content = 'First!'")).rows
    expect(rows.map((row) => row.status)).toEqual(['pending'])
  })

  it("keeps WordPress's length limits: content 65 525 characters, author 245, email 100", async () => {
    const { maxContentLength, maxAuthorLength, maxEmailLength } = cmsConfig.comments
    expect([maxContentLength, maxAuthorLength, maxEmailLength]).toEqual([65_525, 245, 100])
    expect((await comment({ comment: 'x'.repeat(maxContentLength), author: 'a'.repeat(maxAuthorLength) })).status).toBe(302)
    const tooLong: Record<string, string>[] = [{ comment: 'y'.repeat(maxContentLength + 1) }, { author: 'b'.repeat(maxAuthorLength + 1) }]
    for (const fields of tooLong) {
      const response = await comment(fields)
      expect(response.status).toBe(200)
      expect(await message(response)).toBe('<strong>Error:</strong> Your comment is too long.')
    }
    const longEmail = `${'e'.repeat(maxEmailLength - '@example.org'.length + 1)}@example.org`
    expect(await message(await comment({ email: longEmail }))).toBe('<strong>Error:</strong> Please enter a valid email address.')
  })

  it('refuses a body declared larger than the comment limit before reading it', async () => {
    const response = await comment({}, { 'content-length': String(cmsConfig.comments.maxRequestBytes + 1) })
    expect(response.status).toBe(413)
  })

  it('refuses duplicates (409), floods from one email (429) and unknown posts (404)', async () => {
    const fields = { email: 'twice@example.org', comment: 'Said once' }
    expect((await comment(fields)).status).toBe(302)
    expect((await comment(fields)).status).toBe(409)
    expect((await comment({ email: 'twice@example.org', comment: 'Something else' })).status).toBe(429)
    expect((await comment({ comment_post_ID: '999999' })).status).toBe(404)
  })

  it('shows approved comments on the article, escaped, a paragraph per run of line breaks', async () => {
    expect((await comment({ author: 'Grace', comment: 'Line one\n\nLine <two>' })).status).toBe(302)
    await (await database).execute("UPDATE comments SET status = 'approved' WHERE author_name = 'Grace'")
    const article = wireBaseResponse.parse(await (await handle(new Request(`http://cms.test/api/v1/base/blog/${slug}`))).json())
    const shown = article.result.page.data.result.content.comments ?? []
    expect(shown.map((entry) => [entry.author, entry.content])).toEqual([['Grace', '<p>Line one</p><p>Line &#60;two&#62;</p>']])
  })

  it('answers 503 without a database', async () => {
    const without = createCmsHandler({ store, defaultLocale: 'en', search })
    const response = await without(new Request('http://cms.test/wp-comments-post.php', { method: 'POST', body: new URLSearchParams() }))
    expect(response.status).toBe(503)
  })
})
