import { createServer, type Server } from 'node:net'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createMailer } from './mail'

/** A minimal SMTP server: accepts one conversation at a time and keeps each message's DATA. */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = []
  const server = createServer((socket) => {
    let inData = false
    let data = ''
    let pending = ''
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8')
      let newline: number
      while ((newline = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, newline)
        pending = pending.slice(newline + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            messages.push(data)
            data = ''
            socket.write('250 queued\r\n')
          } else data += `${line}\n`
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n')
        else if (/^DATA/i.test(line)) {
          inData = true
          socket.write('354 go on\r\n')
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, messages })
    }),
  )
}

let smtp: Awaited<ReturnType<typeof fakeSmtp>> | undefined
afterAll(() => smtp?.server.close())

describe('createMailer', () => {
  it('sends over SMTP_URL with nodemailer', async () => {
    smtp = await fakeSmtp()
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Kestrel <no-reply@kestrel.example>',
      logToConsole: false,
    })
    const result = await mailer.send({
      to: 'grace@example.com',
      subject: 'Reset your password',
      text: 'Open https://x.example/reset-password?userId=1',
    })
    expect(result).toEqual({ delivered: true })
    expect(smtp.messages).toHaveLength(1)
    expect(smtp.messages[0]).toMatch(/^Subject: Reset your password$/m)
    expect(smtp.messages[0]).toMatch(/^To: grace@example.com$/m)
    expect(smtp.messages[0]).toContain('reset-password?userId=1')
  })

  it('without SMTP only prints the mail (outside production)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    expect(
      await createMailer({ from: 'x <x@example.com>', logToConsole: true }).send({ to: 'a@example.com', subject: 'S', text: 'T' }),
    ).toEqual({
      delivered: false,
    })
    expect(info).toHaveBeenCalledWith(expect.stringContaining('mail to a@example.com'))
    info.mockClear()
    await createMailer({ from: 'x <x@example.com>', logToConsole: false }).send({ to: 'a@example.com', subject: 'S', text: 'T' })
    expect(info).not.toHaveBeenCalled()
  })
})
