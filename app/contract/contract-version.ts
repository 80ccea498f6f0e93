/**
 * The content contract's version (docs/content-api.md, "Versions"; CHANGELOG.md, Contract):
 * `major.minor`. A minor version only adds (a field, a call, a tag), and the site reads
 * every 1.x backend: it treats a call an older backend lacks (404) and a field it leaves
 * out as "none". A new major version changes what existing answers mean, so a backend of
 * another major is refused when the server starts (app/server/content/contract-check.server.ts).
 */

/** The version the site and the embedded CMS speak. */
export const CONTRACT_VERSION = '1.3'

const VERSION = /^(\d{1,4})\.(\d{1,4})$/

export type Compatibility = { ok: true; version: string } | { ok: false; message: string }

/** Whether the site can read a backend that reports `reported` (the `contract` of `GET /api/v1/version`). */
export function contractCompatibility(reported: unknown, backend: string): Compatibility {
  const match = typeof reported === 'string' ? VERSION.exec(reported) : null
  if (!match) {
    return {
      ok: false,
      message: `The content backend at ${backend} reports a contract version the site cannot read (${JSON.stringify(reported)}); it must be "major.minor", e.g. "${CONTRACT_VERSION}".`,
    }
  }
  const [version, major] = match
  const [ours] = CONTRACT_VERSION.split('.')
  if (major !== ours) {
    return {
      ok: false,
      message: `The content backend at ${backend} speaks contract ${version}, and this site speaks ${CONTRACT_VERSION} (any ${ours}.x). Update the ${Number(major) > Number(ours) ? 'site' : 'backend (the WordPress plugin)'} so both speak the same major version; see CHANGELOG.md.`,
    }
  }
  return { ok: true, version }
}
