/**
 * What the server logs never holds a visitor's
 * search terms, a preview's id or signature, a password-reset token or an account's
 * address. Log lines name backend URLs and cache keys (`GET …/base/home?s=…`), so every
 * server log line that can carry one passes through redactLogText().
 */

/** Query parameters whose values are secrets or personal data (requirements §2, §7; docs/content-api.md). */
const REDACTED_PARAMS = ['s', 'p', 'preview_id', 'preview_expires', 'preview_token', 'passToken', 'userId', 'token', 'email'] as const

const parameter = new RegExp(`([?&;](?:${REDACTED_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'g')

/** The text with the value of every such parameter of every URL in it replaced by `…`. */
export function redactLogText(text: string): string {
  return text.replace(parameter, '$1…')
}

/** An error as one log line: its message (a stack would repeat it), redacted. */
export function loggableError(error: unknown): string {
  return redactLogText(error instanceof Error ? error.message : String(error))
}
