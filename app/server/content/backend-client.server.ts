/**
 * Every call to a content backend goes through one BackendClient (backend
 * faults; docs/decisions/012-backend-faults.md): each attempt has a timeout; an idempotent
 * read (GET, HEAD) that meets a network error, a timeout or a 5xx is tried once more
 * after a random pause (jitter); writes are never repeated here, since the backend may
 * have acted on them. A circuit breaker per backend origin opens after consecutive failed
 * attempts: while open, calls fail at once instead of each visitor waiting for the
 * timeout, one probe goes through after a cool-down, and a success closes it again. The
 * breaker's transitions are the outage's log lines: one when it opens, one when it closes.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export type BreakerState = 'closed' | 'open' | 'half-open'

export interface BreakerOptions {
  /** Failed attempts in a row that open the breaker. */
  failureThreshold: number
  /** How long it stays open before one probe may go through. */
  cooldownMs: number
  now?: () => number
}

/**
 * What one attempt may do: go as usual, go as the one probe of a half-open breaker, or not
 * go at all. Calls that come while the probe is out wait for it: they go if it succeeded
 * (so the request that finds the backend back renders with all its data), else fail fast.
 */
type Permit = 'call' | 'probe' | 'refuse'

/** A change of state worth a log line: the backend went down, or came back. */
type BreakerTransition = { kind: 'opened' } | { kind: 'closed'; downForMs: number }

class CircuitBreaker {
  private current: BreakerState = 'closed'
  private failures = 0
  private openedAt = 0
  /** When the outage began (the first opening), for the "back after" line. */
  private downSince = 0
  /** While half-open: resolves with the probe's outcome. */
  private probe: { done: Promise<boolean>; settle: (up: boolean) => void } | null = null
  private readonly now: () => number

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? Date.now
  }

  get state(): BreakerState {
    return this.current
  }

  get cooldownMs(): number {
    return this.options.cooldownMs
  }

  async acquire(): Promise<Permit> {
    if (this.current === 'closed') return 'call'
    if (this.current === 'half-open' && this.probe) return (await this.probe.done) ? 'call' : 'refuse'
    if (this.now() - this.openedAt < this.options.cooldownMs) return 'refuse'
    this.current = 'half-open'
    let settle: (up: boolean) => void = () => undefined
    const done = new Promise<boolean>((resolve) => (settle = resolve))
    this.probe = { done, settle }
    return 'probe'
  }

  private settleProbe(up: boolean) {
    this.probe?.settle(up)
    this.probe = null
  }

  /** The backend answered (any status below 500). */
  succeeded(): BreakerTransition | null {
    this.failures = 0
    // Open: a late answer to a call made before the outage began; only the probe closes it (no flapping).
    if (this.current !== 'half-open') return null
    this.current = 'closed'
    this.settleProbe(true)
    return { kind: 'closed', downForMs: this.now() - this.downSince }
  }

  /** A network error, a timeout or a 5xx. */
  failed(): BreakerTransition | null {
    if (this.current === 'half-open') {
      // The probe failed: still down, wait another cool-down (no new log line).
      this.current = 'open'
      this.openedAt = this.now()
      this.settleProbe(false)
      return null
    }
    if (this.current === 'open') return null
    this.failures += 1
    if (this.failures < this.options.failureThreshold) return null
    this.current = 'open'
    this.openedAt = this.now()
    this.downSince = this.openedAt
    return { kind: 'opened' }
  }
}

/** Why a call got no answer at all (a 5xx is an answer: the caller reads its status). */
export type NoAnswerReason = 'timeout' | 'unreachable' | 'open'

export class BackendNoAnswerError extends Error {
  constructor(
    readonly reason: NoAnswerReason,
    /** Method and path, never the query (it may hold tokens or search terms). */
    readonly call: string,
  ) {
    super(reason === 'open' ? `${call}: not tried, the backend is down (circuit open)` : `${call}: ${reason}`)
    this.name = 'BackendNoAnswerError'
  }
}

export interface OutageEvent {
  kind: 'down' | 'up'
  origin: string
  /** down: the attempt that opened the breaker (`timeout on GET /api/v1/base/about`). */
  cause?: string
  /** up: how long the backend was down. */
  downForMs?: number
  cooldownMs: number
}

export interface BackendClientOptions {
  fetch: FetchLike
  /** Each attempt's limit, unless a call sets its own. */
  timeoutMs: number
  retry: { attempts: number; minDelayMs: number; maxDelayMs: number }
  breaker: CircuitBreaker
  origin: string
  /** The breaker opened or closed: one log line per outage transition. */
  onOutage?: (event: OutageEvent) => void
  random?: () => number
}

/** A call's method and path, for logs and errors: the query stays out (preview tokens, search terms, reset tokens). */
export function describeCall(method: string, target: string): string {
  try {
    return `${method} ${new URL(target).pathname}`
  } catch {
    return method
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export class BackendClient {
  constructor(private readonly options: BackendClientOptions) {}

  get breakerState(): BreakerState {
    return this.options.breaker.state
  }

  /**
   * One call, as the options say. Resolves with the backend's answer (a 5xx included,
   * after the retry for reads); rejects with BackendNoAnswerError when no answer came.
   */
  async request(target: string, init: RequestInit = {}, timeoutMs = this.options.timeoutMs): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase()
    const call = describeCall(method, target)
    const tries = method === 'GET' || method === 'HEAD' ? 1 + this.options.retry.attempts : 1
    /** The first attempt's failure, answered when the breaker refuses the retry (it opened meanwhile). */
    let previous: { status: number } | { reason: NoAnswerReason } | null = null
    for (let attempt = 1; ; attempt++) {
      if ((await this.options.breaker.acquire()) === 'refuse') {
        if (previous && 'status' in previous) return new Response(null, { status: previous.status })
        throw new BackendNoAnswerError(previous?.reason ?? 'open', call)
      }
      const last = attempt >= tries
      const timeout = AbortSignal.timeout(timeoutMs)
      let response: Response
      try {
        response = await this.options.fetch(target, { ...init, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout })
      } catch (error) {
        const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'timeout' : 'unreachable'
        this.failed(`${reason} on ${call}`)
        if (last) throw new BackendNoAnswerError(reason, call)
        previous = { reason }
        await this.pause()
        continue
      }
      if (response.status < 500) {
        this.succeeded()
        return response
      }
      this.failed(`${response.status} on ${call}`)
      if (last) return response
      previous = { status: response.status }
      await response.body?.cancel()
      await this.pause()
    }
  }

  private pause() {
    const { minDelayMs, maxDelayMs } = this.options.retry
    return sleep(minDelayMs + (this.options.random ?? Math.random)() * (maxDelayMs - minDelayMs))
  }

  private succeeded() {
    const transition = this.options.breaker.succeeded()
    if (transition?.kind === 'closed') {
      this.options.onOutage?.({
        kind: 'up',
        origin: this.options.origin,
        downForMs: transition.downForMs,
        cooldownMs: this.options.breaker.cooldownMs,
      })
    }
  }

  private failed(cause: string) {
    if (this.options.breaker.failed()?.kind === 'opened') {
      this.options.onOutage?.({ kind: 'down', origin: this.options.origin, cause, cooldownMs: this.options.breaker.cooldownMs })
    }
  }
}

/** A client with its own breaker: one per backend origin (the content API, and the account API when it lives elsewhere). */
export function createBackendClient(options: {
  origin: string
  fetch: FetchLike
  timeoutMs: number
  retry: BackendClientOptions['retry']
  breaker: Omit<BreakerOptions, 'now'>
  onOutage?: (event: OutageEvent) => void
  now?: () => number
  random?: () => number
}): BackendClient {
  return new BackendClient({
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    breaker: new CircuitBreaker({ ...options.breaker, now: options.now }),
    origin: options.origin,
    onOutage: options.onOutage,
    random: options.random,
  })
}
