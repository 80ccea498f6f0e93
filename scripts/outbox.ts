/**
 * `npm run outbox`: the operator's view of the site's outbox (docs/decisions/011-submission-outbox.md),
 * the submissions that wait for the backend or that it rejected. Reads the same
 * environment as the server (SITE_DATABASE_URL, SITE_OUTBOX_DIR, CONTENT_API_URL).
 *
 *   npm run outbox list              every kept submission: id, form, created, attempts, state, last error
 *   npm run outbox retry [id]        send now: one (a rejected one too), or every waiting one
 *   npm run outbox purge id          delete one, with its files
 *   npm run outbox purge rejected    delete every rejected one (also `npm run outbox -- purge --rejected`:
 *                                    without `--`, npm takes --rejected as its own option)
 */
import { outbox, runOutboxPass } from '../app/server/enquiries/submissions.server'

const USAGE = `Usage:
  npm run outbox list
  npm run outbox retry [id]
  npm run outbox purge <id>|rejected`

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`)
  process.exit(2)
}

function idOf(text: string | undefined): number {
  if (text === undefined || !/^\d{1,15}$/.test(text))
    fail(`outbox: "${text ?? ''}" is not an outbox id (a whole number, as \`list\` shows).`)
  return Number(text)
}

async function list() {
  const rows = await outbox.list()
  if (rows.length === 0) {
    console.log('outbox: empty; nothing waits for the backend.')
    return
  }
  const table = rows.map((row) => ({
    id: String(row.id),
    form: row.kind === 'form' ? `form ${row.target}` : `account ${row.target}`,
    created: row.created,
    attempts: String(row.attempts),
    state: row.state === 'waiting' ? `waiting (next ${new Date(row.nextAttemptAt).toISOString()})` : row.state,
    'last error': (row.lastError ?? '').replace(/\s+/g, ' ').slice(0, 160),
  }))
  const columns = Object.keys(table[0] ?? {}) as Array<keyof (typeof table)[number]>
  const widths = columns.map((column) => Math.max(column.length, ...table.map((row) => row[column].length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  console.log(line(columns))
  for (const row of table) console.log(line(columns.map((column) => row[column])))
}

async function retry(id: number | undefined) {
  const due = await outbox.retry(id)
  if (id !== undefined && due === 0) fail(`outbox: no submission #${id} to retry (or it is being sent right now).`)
  const result = await runOutboxPass()
  console.log(`outbox: ${result.delivered} delivered, ${result.rejected} rejected, ${result.waiting} still waiting for the backend.`)
}

async function purge(which: string | undefined) {
  if (which === 'rejected' || which === '--rejected') {
    console.log(`outbox: ${await outbox.purge('rejected')} rejected submissions deleted.`)
    return
  }
  const id = idOf(which)
  const removed = await outbox.purge(id)
  if (removed === 0) fail(`outbox: no submission #${id}.`)
  console.log(`outbox: submission #${id} deleted with its files.`)
}

const [command, argument, extra] = process.argv.slice(2)
if (extra !== undefined) fail(`outbox: unexpected "${extra}".`)
try {
  if (command === 'list' && argument === undefined) await list()
  else if (command === 'retry') await retry(argument === undefined ? undefined : idOf(argument))
  else if (command === 'purge') await purge(argument)
  else fail(command ? `outbox: unknown command "${[command, argument].filter(Boolean).join(' ')}".` : 'outbox: which command?')
} catch (error) {
  console.error(`outbox: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
// The content source may hold file watchers (the embedded CMS): the work is done.
process.exit(0)
