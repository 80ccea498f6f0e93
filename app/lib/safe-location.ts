/**
 * Every `Location` the server sends is a path on this
 * origin. A redirect built from the request's path (`/en//evil.example` without its
 * prefix is `//evil.example`) would otherwise be read by browsers as another host:
 * `//host` is protocol-relative, a backslash counts as a slash, and tabs and line
 * breaks inside a URL are dropped before it is parsed. So the path is made into one
 * that cannot name a host, in this one function, and the server entry passes every
 * response's `Location` through it (app/server/http/edge.nitro.ts).
 */

/** A URL with a scheme (`https:`, `javascript:`); anything else is a path or a relative reference. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i
/** Browsers remove these from anywhere in a URL before parsing it (WHATWG URL). */
// oxlint-disable-next-line no-control-regex -- these control characters are what is removed
const STRIPPED = /[\t\n\r]/g
/** Outside printable ASCII: percent-encoded, so the header is valid and means the same path. */
const UNPRINTABLE = /[^\x21-\x7e]/gu

const encodeUnprintable = (text: string) =>
  text.replace(UNPRINTABLE, (char) => {
    try {
      return encodeURIComponent(char)
    } catch {
      // A lone surrogate has no UTF-8 form.
      return ''
    }
  })

/**
 * The same-origin `Location` for a redirect target: a path (with its query and
 * fragment) whose first segment cannot be read as a host, or `/` when the target is an
 * absolute URL on another origin (the server builds no redirect off-site). `origin` is
 * this request's origin, e.g. `https://www.example.com`.
 */
export function safeLocation(target: string, origin: string): string {
  let value = target.replace(STRIPPED, '').trim()
  if (HAS_SCHEME.test(value)) {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      return '/'
    }
    if (url.origin !== origin) return '/'
    value = url.pathname + url.search + url.hash
  }
  const split = value.search(/[?#]/)
  const path = split === -1 ? value : value.slice(0, split)
  const rest = split === -1 ? '' : value.slice(split)
  // `\` is a slash to a browser; any run of slashes is one (`//host` names a host).
  const single = `/${path.replace(/\\/g, '/')}`.replace(/\/{2,}/g, '/')
  const location = encodeUnprintable(single) + encodeUnprintable(rest)
  // The belt to those braces: whatever a browser makes of it, it is this origin.
  try {
    return new URL(location, origin).origin === origin ? location : '/'
  } catch {
    return '/'
  }
}

/** The same path with every run of slashes made one, or null when it has none. */
export function withSingleSlashes(pathname: string): string | null {
  return /\/\/|\\/.test(pathname) ? pathname.replace(/\\/g, '/').replace(/\/{2,}/g, '/') : null
}
