/**
 * The Chromium the browser tests and the benchmark drive: Debian's (or CHROMIUM_PATH),
 * with the flags this project runs it with everywhere (no sandbox, GPU or background
 * traffic; nothing downloaded).
 */
import { existsSync } from 'node:fs'

export const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
)

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
