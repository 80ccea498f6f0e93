/**
 * Outgoing mail of the embedded CMS (password reset links). Every mail is first written
 * to the outbox table by the caller; then it is printed to the console in
 * development and sent over SMTP when SMTP_URL is set (nodemailer, loaded only then).
 */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Resolves when the mail was handed to SMTP (or there is no SMTP); rejects on failure. */
  send(mail: OutgoingMail): Promise<{ delivered: boolean }>
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; unset, mail is not sent. */
  smtpUrl?: string
  /** The From header, e.g. `Kestrel IT Support <no-reply@kestrel-it.example>`. */
  from: string
  /** Print each mail (NODE_ENV=development only), so a developer can follow a reset link. */
  logToConsole: boolean
}

export function createMailer(options: MailerOptions): Mailer {
  let transport: Promise<{ sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown> }> | undefined
  return {
    async send(mail) {
      if (options.logToConsole) console.info(`[cms] mail to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`)
      if (!options.smtpUrl) return { delivered: false }
      const smtpUrl = options.smtpUrl
      if (!transport) {
        transport = import('nodemailer').then((nodemailer) => nodemailer.createTransport(smtpUrl))
        transport.catch(() => (transport = undefined))
      }
      await (await transport).sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })
      return { delivered: true }
    },
  }
}
