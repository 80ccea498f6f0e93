/**
 * The embedded CMS's comments table (cms/db.ts): every SQL statement about comments, so
 * the route (comments.ts) and the article answer (posts.ts) read as plain calls.
 */
import type { Client } from '@libsql/client'

export interface ApprovedComment {
  id: number
  author: string
  content: string
  createdAt: string
}

export interface NewComment {
  postId: number
  author: string
  email: string
  content: string
  ip: string | null
}

/** A post's approved comments, oldest first. */
export async function approvedComments(db: Client, postId: number): Promise<ApprovedComment[]> {
  const { rows } = await db.execute({
    sql: "SELECT id, author_name, content, created_at FROM comments WHERE post_id = ? AND status = 'approved' ORDER BY created_at",
    args: [postId],
  })
  return rows.map((row) => ({
    id: Number(row.id),
    author: String(row.author_name),
    content: String(row.content),
    createdAt: String(row.created_at),
  }))
}

/** Whether the same author (by name or email) already left this text on this post, in any status. */
export async function isDuplicate(db: Client, comment: Omit<NewComment, 'ip'>): Promise<boolean> {
  const { rows } = await db.execute({
    sql: 'SELECT 1 FROM comments WHERE post_id = ? AND (author_name = ? OR author_email = ?) AND content = ? LIMIT 1',
    args: [comment.postId, comment.author, comment.email, comment.content],
  })
  return rows.length > 0
}

/** Whether this email or address left any comment in the last `seconds`. */
export async function commentedWithin(db: Client, email: string, ip: string | null, seconds: number): Promise<boolean> {
  const { rows } = await db.execute({
    sql: "SELECT 1 FROM comments WHERE (author_email = ? OR (author_ip IS NOT NULL AND author_ip = ?)) AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?) LIMIT 1",
    args: [email, ip, `-${seconds} seconds`],
  })
  return rows.length > 0
}

/** Stores a comment held for moderation; returns its id. */
export async function insertPending(db: Client, comment: NewComment): Promise<number> {
  const { rows } = await db.execute({
    sql: "INSERT INTO comments (post_id, author_name, author_email, content, status, author_ip) VALUES (?, ?, ?, ?, 'pending', ?) RETURNING id",
    args: [comment.postId, comment.author, comment.email, comment.content, comment.ip],
  })
  return Number(rows[0]?.id)
}
