/**
 * Values the browser keeps for a while (a popup once fetched, components/shell/overlays/popup-request.ts,
 * decision 045). Each is forgotten `keepMs` after it was set.
 */
export function recentValues<T>(keepMs: number) {
  const values = new Map<string, { value: T; until: number }>()
  return {
    get(key: string): T | undefined {
      const found = values.get(key)
      if (found && found.until > Date.now()) return found.value
      values.delete(key)
      return undefined
    },
    set(key: string, value: T): void {
      // Expired entries go as new ones come, so the map holds only what is still recent.
      const now = Date.now()
      for (const [other, { until }] of values) if (until <= now) values.delete(other)
      values.set(key, { value, until: now + keepMs })
    },
  }
}
