/**
 * The embedded CMS's options from the validated environment (app/config/env.ts), assembled
 * in this one place for both ways it runs: in-process behind the site
 * (app/server/content/get-content-source.server.ts) and on its own port (`npm run cms`, serve.ts).
 */
import { defaultLocale, routedLocales, siteConfig } from '../app/config/site'
import type { Env } from '../app/config/env'
import { cmsConfig } from './config'

export interface EmbeddedCmsOptions {
  contentDir: string
  databaseUrl: string
  locales: readonly string[]
  defaultLocale: string
  previewSecret: string | undefined
  /** Where uploaded form files are written (CMS_UPLOAD_DIR). */
  uploadDir: string
  /** The reset mail's SMTP server; unset, mail stays in the outbox. */
  smtpUrl: string | undefined
  mailFrom: string
  /** The site's public origin (SITE_URL): reset links may point there. */
  siteUrl: string | undefined
  /**
   * Mail is printed to the console in development only, so a developer can follow a reset
   * link; anywhere else it would put a live reset token in the log.
   */
  printMail: boolean
  /** The admin bar's base URL ("edit this page"). */
  adminUrl: string
}

export function cmsOptionsFromEnv(env: Env): EmbeddedCmsOptions {
  const siteUrl = env.SITE_URL
  return {
    contentDir: env.CMS_CONTENT_DIR,
    databaseUrl: env.CMS_DATABASE_URL,
    locales: routedLocales,
    defaultLocale,
    previewSecret: env.PREVIEW_SECRET,
    uploadDir: env.CMS_UPLOAD_DIR,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${siteConfig.productName} <no-reply@${siteUrl ? new URL(siteUrl).hostname : 'localhost'}>`,
    siteUrl,
    printMail: env.NODE_ENV === 'development',
    // The CMS's own port (`npm run cms` listens there); in-process too, which has no origin of its own.
    adminUrl: `http://localhost:${env.CMS_PORT}${cmsConfig.adminPath}`,
  }
}
