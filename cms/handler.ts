/**
 * The embedded CMS: the content API contract (requirements §7, docs/content-api.md) as a fetch
 * handler, Request → Response, over the files in content/ and its SQLite store. The site
 * calls it in-process when CONTENT_API_URL is unset; `npm run cms` serves it over HTTP.
 *
 * This file is the contract's table of contents: every endpoint, in the order of
 * docs/content-api.md, and the module that answers it.
 */
import type { Client } from '@libsql/client'
import { siteConfig } from '../app/config/site'
import { cmsConfig } from './config'
import { CONTRACT_VERSION } from '../app/contract/contract-version'
import { createMemoryStore, type RateLimitStore } from '../app/lib/rate-limit'
import { postChatMessage } from './chat'
import { postComment } from './comments'
import type { ContentStore } from './content-store'
import type { CmsContext } from './context'
import { postSubmission } from './forms'
import { errorBody, json } from './http'
import { withIdempotency } from './idempotency'
import type { Mailer } from './mail'
import { getBase, getLayout } from './pages'
import { getItems } from './items'
import { getPopup } from './popups'
import { getPosts, getTerms } from './posts'
import { createRouter, type Route, type RouteCall } from './router'
import type { SearchIndex } from './search'
import { getRedirects } from './redirects'
import { getSitemap } from './sitemap'
import { createAccounts, type AccountRequest, type Accounts } from './users'

export interface CmsOptions {
  store: ContentStore
  defaultLocale: string
  /** Language names for the page's language list, over cmsConfig.languageNames. */
  languageNames?: Record<string, string>
  /** Where "edit this page" links point (the admin bar); default: `/wp-admin` on the request's origin. */
  adminUrl?: string
  /** Verifies signed preview links; without it, drafts are never shown. */
  previewSecret?: string
  /** Full-text search over the same content (cms/search.ts). */
  search: SearchIndex
  /** The SQLite store: comments, form entries, accounts, sessions, reset tokens, outbox. */
  database?: () => Promise<Client>
  /** Where uploaded form files are written (CMS_UPLOAD_DIR); default `data/uploads`. */
  uploadDir?: string
  /** Sends the password reset mail; without it the mail is only written to the outbox. */
  mailer?: Mailer
  /** Origins a password reset link may point at besides loopback and host_url (SITE_URL). */
  siteOrigins?: readonly string[]
  /** Rate limits and quotas (app/lib/rate-limit.ts); default: in this process's memory. */
  limiter?: RateLimitStore
  /** All uploaded files together may take at most this many bytes (507 beyond); default cmsConfig.uploads. */
  maxUploadBytes?: number
  /** The editor's redirects (`content/redirects.json`); without it, none. */
  redirectsFile?: string
}

const READ = ['GET', 'HEAD'] as const
const WRITE = ['POST'] as const

/** A read call: matched on the decoded path, failing as "the content backend". */
function read(pattern: RegExp, handle: (call: RouteCall) => Promise<Response>): Route {
  return { methods: READ, path: 'decoded', pattern, logLabel: '[cms]', failure: 'The content backend failed to answer.', handle }
}

export function createCmsHandler(options: CmsOptions): (request: Request) => Promise<Response> {
  const { store, defaultLocale, database } = options
  const ctx: CmsContext = {
    store,
    defaultLocale,
    languageNames: { ...cmsConfig.languageNames, ...options.languageNames },
    adminUrl: (url) => options.adminUrl ?? `${url.origin}${cmsConfig.adminPath}`,
    previewSecret: options.previewSecret,
    search: options.search,
    database,
    uploadDir: options.uploadDir ?? 'data/uploads',
    maxUploadBytes: options.maxUploadBytes ?? cmsConfig.uploads.maxTotalBytes,
  }
  const accounts = database
    ? createAccounts({
        database,
        mailer: options.mailer,
        limiter: options.limiter ?? createMemoryStore(cmsConfig.limiterKeys),
        siteOrigins: options.siteOrigins ?? [],
        defaultSubject: siteConfig.forms.passwordResetSubject,
      })
    : null

  /** An account call, in the requested locale (else the default) with that locale's host_url. */
  function account(
    call: string,
    methods: readonly string[],
    answer: (accounts: Accounts, request: AccountRequest) => Promise<Response>,
  ): Route {
    return {
      methods,
      path: 'sent',
      pattern: new RegExp(`^/api/user/${call}/?$`),
      logLabel: '[cms] account',
      failure: 'The account service failed to answer.',
      async handle({ request, url }) {
        if (!accounts) return json(errorBody('rest_unavailable', 'Accounts are not available.', 503), 503)
        const content = (await store.get(url.searchParams.get('locale') || defaultLocale)) ?? (await store.get(defaultLocale))
        return answer(accounts, { request, url, locale: content?.locale ?? defaultLocale, hostUrl: content?.options.host_url ?? '' })
      },
    }
  }

  const routes: Route[] = [
    read(/^\/api\/v1\/base\/?(.*)$/, ({ url, params: [pageName = ''] }) => getBase(ctx, url, pageName)),
    read(/^\/api\/v1\/layout\/?(.*)$/, ({ url, params: [path = ''] }) => getLayout(ctx, url, path)),
    read(new RegExp(`^/api/v1/popups/([A-Za-z0-9_-]{1,${cmsConfig.popups.maxIdLength}})$`), ({ url, params: [id = ''] }) =>
      getPopup(ctx, url, id),
    ),
    read(/^\/api\/v1\/posts$/, ({ url }) => getPosts(ctx, url)),
    read(/^\/api\/v1\/items\/([a-z0-9_-]{1,20})(?:\/([\p{L}\p{N}_-]{1,200}))?$/u, ({ url, params: [type = '', slug = ''] }) =>
      getItems(ctx, url, type, slug),
    ),
    read(/^\/api\/wp\/v2\/tags$/, ({ url }) => getTerms(ctx, url, 'tags')),
    read(/^\/api\/wp\/v2\/categories$/, ({ url }) => getTerms(ctx, url, 'categories')),
    read(/^\/api\/v1\/sitemap$/, ({ url }) => getSitemap(ctx, url)),
    read(/^\/api\/v1\/redirects$/, () => getRedirects(options.redirectsFile)),
    // The contract this backend speaks (docs/content-api.md, "Versions").
    read(/^\/api\/v1\/version$/, async () => json({ contract: CONTRACT_VERSION, backend: 'embedded CMS' })),
    {
      methods: WRITE,
      path: 'sent',
      pattern: /^\/api\/gf\/v2\/forms\/([^/]*)\/submissions\/?$/,
      logLabel: '[cms] submission',
      failure: 'The submission could not be stored.',
      handle: ({ request, url, params: [id = ''] }) => postSubmission(ctx, request, url, id),
    },
    {
      methods: WRITE,
      path: 'sent',
      pattern: /^\/wp-comments-post\.php$/,
      logLabel: '[cms] comment',
      failure: 'The comment could not be stored.',
      handle: ({ request }) => postComment(ctx, request),
    },
    {
      methods: WRITE,
      path: 'sent',
      pattern: /^\/api\/v1\/chat\/messages\/?$/,
      logLabel: '[cms] chat',
      failure: 'The chat message could not be stored.',
      handle: ({ request }) => postChatMessage(ctx, request),
    },
    // Safe to retry with the same Idempotency-Key (the site's outbox does): one account, one mail per key.
    account('register', WRITE, (accounts, call) => withIdempotency(database, 'user:register', call.request, () => accounts.register(call))),
    account('login', WRITE, (accounts, call) => accounts.login(call)),
    account('me', ['GET', 'POST'], (accounts, call) => accounts.me(call)),
    account('logout', WRITE, (accounts, call) => accounts.logout(call)),
    account('forgot', WRITE, (accounts, call) => withIdempotency(database, 'user:forgot', call.request, () => accounts.forgot(call))),
    account('reset-password', WRITE, (accounts, call) => accounts.resetPassword(call)),
  ]
  return createRouter(routes)
}
