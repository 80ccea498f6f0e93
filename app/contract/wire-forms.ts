/**
 * Forms in the content API contract (requirements §7) as they travel on the wire: the form
 * definitions a page or popup carries, and the write calls' answers (a form submission, the
 * account calls). Same conventions as wire.ts; documented in docs/content-api.md and
 * published by `npm run schema`.
 *
 * Requirements §7's "answer data.message" / "data.is_valid" reads the HTTP client's `data`, the
 * response body: the fields sit at the top level of the JSON.
 */
import { z } from 'zod'
import { MAX_HTML, MAX_TEXT, text, wireId } from './wire-primitives'

const pageNumber = z.number().int().nonnegative().max(1000)

/** Requirements §3 Form definition (shortcode data by id). The form engine (app/forms/) reads it. */
const wireFormField = z.looseObject({
  id: wireId,
  name: z.string().max(200).optional(),
  label: text.optional().default(''),
  type: z.string().max(50),
  fieldType: z.string().max(50).optional(),
  placeholder: text.optional(),
  isRequired: z.boolean().optional().default(false),
  cssClass: z.string().max(500).optional().default(''),
  visibility: z.string().max(50).optional(),
  pageNumber: z.number().int().min(1).optional(),
  conditionalLogic: z.unknown().optional(),
  options: z
    .array(z.object({ label: text, value: z.string().max(MAX_TEXT) }))
    .max(1000)
    .optional(),
  errorMessage: text.optional(),
})
export const wireFormDefinition = z.looseObject({
  id: wireId.optional(),
  title: text.optional().default(''),
  cssClass: z.string().max(500).optional().default(''),
  api_url: z.string().max(MAX_TEXT).optional().default(''),
  button: z.object({ text: text }).optional(),
  pagination: z
    .object({ type: z.string().max(50), pages: z.array(text).max(50).optional() })
    .nullable()
    .optional(),
  minimum_date: z.string().max(40).nullable().optional(),
  maximum_date: z.string().max(40).nullable().optional(),
  fields: z.array(wireFormField).max(500).default([]),
})
/** shortcode_data: form definitions keyed by form id. */
export const wireShortcodeData = z.record(z.string().max(50), wireFormDefinition)

/** Gravity Forms answers `[]` (PHP's empty array) for "no messages"; read it as `{}`. */
const validationMessages = z.union([
  z.record(z.string().max(50), text),
  z
    .array(z.never())
    .max(0)
    .transform((): Record<string, string> => ({})),
])

/** HTTP 200: the entry was stored. `page_number` 0 means the form is complete. */
const wireSubmissionSuccess = z.object({
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
const wireSubmissionInvalid = z.object({
  is_valid: z.literal(false),
  validation_messages: validationMessages.optional().default({}),
  page_number: pageNumber.optional(),
  source_page_number: pageNumber.optional(),
})

/** POST {api}/api/gf/v2/forms/{id}/submissions (Gravity Forms REST v2), 200 or 400. */
export const wireSubmissionResponse = z.discriminatedUnion('is_valid', [wireSubmissionSuccess, wireSubmissionInvalid])

/** The signed-in account, as the login and `me` calls answer it. */
const wireUserAccount = z.object({
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

/** The write calls' schemas published as JSON Schema (scripts/write-json-schema.ts), by name. */
export const formContractSchemas = {
  SubmissionResponse: wireSubmissionResponse,
  UserResponse: wireUserResponse,
  UserAccount: wireUserAccount,
} as const
