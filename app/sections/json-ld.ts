/** JSON-LD inside a <script>: escaped so CMS text can never close the element. */
export function jsonLdScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * Text of already-sanitized HTML, for structured data. The sanitizer writes every
 * character as itself except `&`, `<`, `>` and `"` (and a no-break space may arrive as
 * `&nbsp;`), so those are decoded, in one pass: the text is decoded once, like all text
 * (decision 013), and JSON-LD shows "Price & Webb", not "Price &amp; Webb".
 */
export function htmlToPlainText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' }
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim()
}
