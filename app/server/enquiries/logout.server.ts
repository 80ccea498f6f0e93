/**
 * `POST /api/logout`: the visitor's session ends on both sides. The backend deletes the
 * session (`/api/user/logout` with the token as a bearer token) and the answer clears the
 * cookie, even when the backend cannot be reached (the cookie is then useless to keep).
 * A form posts here (`<form method="post" action="/api/logout">`); the answer sends the
 * visitor to the login page of their language.
 */
import { defaultLocale, siteConfig } from '../../config/site'
import { isLocale, localizePath } from '../../lib/url'
import { getContentSource } from '../content/get-content-source.server'

function sessionTokenOf(request: Request): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === siteConfig.session.cookieName) return decodeURIComponent(value.join('='))
  }
  return null
}

export async function handleLogout(request: Request, url: URL): Promise<Response> {
  if (request.method !== 'POST') {
    return new Response('Method not allowed', { status: 405, headers: { allow: 'POST', 'content-type': 'text/plain; charset=utf-8' } })
  }
  const requested = url.searchParams.get('locale') ?? ''
  const locale = isLocale(requested) ? requested : defaultLocale
  const token = sessionTokenOf(request)
  if (token) await getContentSource().userRequest({ action: 'logout', locale, fields: {}, visitorIp: null, token })
  const secure = url.protocol === 'https:' ? '; Secure' : ''
  return new Response(null, {
    status: 303,
    headers: {
      location: localizePath('/login', locale),
      'set-cookie': `${siteConfig.session.cookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
      'cache-control': 'private, no-store',
    },
  })
}
