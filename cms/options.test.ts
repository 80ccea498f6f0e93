import { describe, expect, it } from 'vitest'
import { defaultLocale, routedLocales } from '../app/config/site'
import { parseEnv } from '../app/config/env'
import { cmsOptionsFromEnv } from './options'

describe('cmsOptionsFromEnv', () => {
  it('assembles the embedded CMS from the defaults of the environment', () => {
    expect(cmsOptionsFromEnv(parseEnv({}))).toEqual({
      contentDir: 'content',
      databaseUrl: 'file:data/cms.db',
      locales: routedLocales,
      defaultLocale,
      previewSecret: undefined,
      uploadDir: 'data/uploads',
      smtpUrl: undefined,
      mailFrom: 'Kestrel IT Support <no-reply@localhost>',
      siteUrl: undefined,
      printMail: true,
      adminUrl: 'http://localhost:3001/wp-admin',
    })
  })

  it('takes every CMS variable, the mail sender from SITE_URL, and the admin bar from CMS_PORT', () => {
    const options = cmsOptionsFromEnv(
      parseEnv({
        NODE_ENV: 'production',
        CMS_CONTENT_DIR: 'other-content',
        CMS_DATABASE_URL: ':memory:',
        CMS_UPLOAD_DIR: '/var/uploads',
        CMS_PORT: '4601',
        SMTP_URL: 'smtp://mail.example:587',
        SITE_URL: 'https://www.kestrel.example',
        PREVIEW_SECRET: 'x'.repeat(32),
      }),
    )
    expect(options).toMatchObject({
      contentDir: 'other-content',
      databaseUrl: ':memory:',
      uploadDir: '/var/uploads',
      smtpUrl: 'smtp://mail.example:587',
      siteUrl: 'https://www.kestrel.example',
      previewSecret: 'x'.repeat(32),
      mailFrom: 'Kestrel IT Support <no-reply@www.kestrel.example>',
      printMail: false,
      adminUrl: 'http://localhost:4601/wp-admin',
    })
    expect(cmsOptionsFromEnv(parseEnv({ NODE_ENV: 'test' })).printMail).toBe(false)
    expect(cmsOptionsFromEnv(parseEnv({ MAIL_FROM: 'Desk <desk@kestrel.example>' })).mailFrom).toBe('Desk <desk@kestrel.example>')
  })
})
