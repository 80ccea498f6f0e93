/**
 * React's string renderer joins the markup it writes into one string. A page here is about
 * 70 000 characters, and any typographic quote or dash makes it a two-byte string: over
 * V8's 128 KB limit for a regular heap object, so each render's markup took a large-object
 * page of its own, fresh memory from the system and back again at the next collection
 * (docs/decisions/063-page-markup-in-pieces.md). The server's build lets the page renderer
 * ask for the pieces instead: `renderToString(element, { pieces })` pushes every chunk into
 * the array it is given and returns an empty string. Without `pieces` (every other caller),
 * and in development (Vite loads React unbundled there), it returns the whole string as before.
 * The build stops if a React upgrade changes the code this rewrites.
 */
import { serverModulePatch } from './vite-module-patch.ts'

const LEGACY_SERVER = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server-legacy\.node\.production\.js$/
const STATE = /var didFatal = !1,\s*fatalError = null,\s*result = "",\s*readyToStream = !1;\s*options = createResumableState\(/
const PUSH = /push: function \(chunk\) \{\s*null !== chunk && \(result \+= chunk\);\s*return !0;\s*\}/
/** The marker of a part left to the browser, written as a piece of its own: the page renderer looks for that piece. */
const BOUNDARY_MARKER = /destination\.push\("\\x3c!--\$!--\\x3e"\)/

/** React's legacy server renderer, with renderToString's `pieces` option; throws when the code it rewrites is not there. */
export function withStringPieces(code: string): string {
  if (!STATE.test(code) || !PUSH.test(code))
    throw new Error("react-dom server: renderToString's `result += chunk` not found (scripts/vite-react-string-pieces-plugin.ts)")
  if (!BOUNDARY_MARKER.test(code))
    throw new Error(
      'react-dom server: the marker `<!--$!-->` is no longer written as a chunk of its own (scripts/vite-react-string-pieces-plugin.ts)',
    )
  return code
    .replace(
      STATE,
      'var didFatal = !1, fatalError = null, result = "", readyToStream = !1, pieces = options && Array.isArray(options.pieces) ? options.pieces : null;\n  options = createResumableState(',
    )
    .replace(
      PUSH,
      'push: function (chunk) {\n      null !== chunk && (null !== pieces ? pieces.push(chunk) : (result += chunk));\n      return !0;\n    }',
    )
}

export const reactStringPieces = () =>
  serverModulePatch({ name: 'react-string-pieces', id: LEGACY_SERVER, patch: withStringPieces, apply: 'build' })
