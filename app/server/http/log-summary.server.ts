/**
 * A log line per event would flood the log when events come in bursts (every enquiry
 * kept in the outbox during an outage, every one delivered when it ends). The first event
 * of a burst is logged at once, in full; the rest are counted and logged as one line per
 * window, with the first and last of them. Nothing is dropped: the counts add up.
 */
export interface LogSummary {
  add: (detail: string) => void
  /** Logs what is counted now (tests, shutdown). */
  flush: () => void
}

export function createLogSummary(
  write: (line: string) => void,
  describe: { first: (detail: string) => string; more: (count: number, first: string, last: string) => string },
  windowMs = 10_000,
): LogSummary {
  let windowOpen = false
  let pending: string[] = []
  let timer: ReturnType<typeof setTimeout> | undefined

  function flush() {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (pending.length > 0) write(describe.more(pending.length, pending[0]!, pending.at(-1)!))
    pending = []
    windowOpen = false
  }

  return {
    add(detail) {
      if (!windowOpen) {
        windowOpen = true
        write(describe.first(detail))
        timer = setTimeout(flush, windowMs)
        timer.unref?.()
        return
      }
      pending.push(detail)
    },
    flush,
  }
}
