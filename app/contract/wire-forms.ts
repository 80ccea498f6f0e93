/**
 * The write calls of the content API contract (requirements §7) as they travel on the wire: the
 * answers to a form submission and to the account calls. Same conventions as wire.ts;
 * documented in docs/content-api.md and published by `npm run schema`.
 *
 * Requirements §7's "answer data.message" / "data.is_valid" reads the HTTP client's `data`, the
 * response body: the fields sit at the top level of the JSON.
 */
import { z } from 'zod'
import { wireId } from './wire'

const MAX_TEXT = 2_000
const MAX_HTML = 500_000

const text = z.string().max(MAX_TEXT)
const pageNumber = z.number().int().nonnegative().max(1000)

/** Gravity Forms answers `[]` (PHP's empty array) for "no messages"; read it as `{}`. */
const validationMessages = z.union([
  z.record(z.string().max(50), text),
  z
    .array(z.never())
    .max(0)
    .transform((): Record<string, string> => ({})),
])

/** HTTP 200: the entry was stored. `page_number` 0 means the form is complete. */
export const wireSubmissionSuccess = z.object({
  is_valid: z.literal(true),
  page_number: pageNumber.optional(),
  source_page_number: pageNumber.optional(),
  /** HTML shown inline in place of the form (requirements §8). */
  confirmation_message: z.string().max(MAX_HTML).optional().default(''),
  /** Only `message` is shown inline; Gravity Forms also has `redirect` and `page`. */
  confirmation_type: z.string().max(50).optional().default('message'),
  confirmation_redirect: z.string().max(MAX_TEXT).optional(),
})

/** HTTP 400: one message per field id; `page_number` is the page of the first failing field. */
export const wireSubmissionInvalid = z.object({
  is_valid: z.literal(false),
  validation_messages: validationMessages.optional().default({}),
  page_number: pageNumber.optional(),
  source_page_number: pageNumber.optional(),
})

/** POST {api}/api/gf/v2/forms/{id}/submissions (Gravity Forms REST v2), 200 or 400. */
export const wireSubmissionResponse = z.discriminatedUnion('is_valid', [wireSubmissionSuccess, wireSubmissionInvalid])

/** The signed-in account, as the login and `me` calls answer it. */
export const wireUserAccount = z.object({
  id: wireId,
  name: text,
  email: z.string().max(254),
})

/**
 * POST {apiUrl}/api/user/register | login | logout | forgot | reset-password and
 * GET {apiUrl}/api/user/me. Every answer has a message for the visitor; errors are
 * WordPress's REST error shape, so they also carry `code` (and `data.status`).
 */
export const wireUserResponse = z.object({
  message: text,
  code: z.string().max(100).optional(),
  /** Login: the session token, sent back as `Authorization: Bearer {token}`. */
  token: z.string().min(16).max(500).optional(),
  user: wireUserAccount.optional(),
})

export type WireSubmissionResponse = z.infer<typeof wireSubmissionResponse>
export type WireUserResponse = z.infer<typeof wireUserResponse>
export type WireUserAccount = z.infer<typeof wireUserAccount>

/** The write calls' schemas published as JSON Schema (scripts/write-json-schema.ts), by name. */
export const formContractSchemas = {
  SubmissionResponse: wireSubmissionResponse,
  UserResponse: wireUserResponse,
  UserAccount: wireUserAccount,
} as const
