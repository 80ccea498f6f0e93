/**
 * The shape of a backend page name and of a slug, without a schema library: the browser
 * checks a route's page name with these before asking for it (no zod in its bundle), and
 * queries.ts builds the server functions' schemas from the same rules.
 *
 * A page name is slugs joined by `/` (`about`, `services/cyber-security`,
 * `blog/some-post`): letters of any script, digits, `-` and `_` (WordPress slugs,
 * decoded); no dots, so no `..` segment can climb out of the endpoint it is appended to.
 */
import { siteConfig } from '../config/site'

export const PAGE_NAME = /^[\p{L}\p{N}_-]+(?:\/[\p{L}\p{N}_-]+)*$/u
export const SLUG = /^[\p{L}\p{N}_-]+$/u
/** An app path (no locale prefix): `/` or `/` and a page name's shape. */
export const APP_PATH = /^\/(?:[\p{L}\p{N}_-]+(?:\/[\p{L}\p{N}_-]+)*)?$/u

/** A popup's id (requirements §7 `popups/{id}`) and a form's (`forms/{id}/submissions`), appended to their endpoints the same way. */
export const POPUP_ID = /^[A-Za-z0-9_-]{1,64}$/
const FORM_ID = /^\d{1,20}$/

export const isPageName = (value: string) => value.length <= siteConfig.content.maxPageNameLength && PAGE_NAME.test(value)
export const isSlug = (value: string) => value.length <= siteConfig.content.maxSlugLength && SLUG.test(value)
export const isPopupId = (value: string) => POPUP_ID.test(value)
export const isFormId = (value: string) => FORM_ID.test(value)
