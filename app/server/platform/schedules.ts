/**
 * What the platforms call on a schedule (docs/deploy.md, docs/decisions/034-platform-cdn-lifetimes.md):
 * the outbox drain, every minute. A function instance lives only while it answers requests, so
 * the outbox worker that runs inside it (app/server/enquiries/outbox-worker.server.ts) cannot
 * be relied on to send what waits; Netlify's scheduled function and Vercel's cron job ask for
 * one pass of it instead. The server entry's door answers the path; the platform builds
 * (scripts/deploy/platform-output.ts) write the schedule into each platform's configuration.
 */
export const outboxDrain = {
  path: '/api/outbox/drain',
  /** Cron syntax, UTC: every minute. Vercel's Hobby plan has allowed once a day at most (docs/deploy.md, Vercel). */
  schedule: '* * * * *',
} as const
