/**
 * The id of every layout's `<header>`: the page's first paint waits until it is parsed whole
 * (the render-blocking `expect` link in app/routes/__root.tsx).
 */
export const SITE_HEADER_ID = 'site-header'
