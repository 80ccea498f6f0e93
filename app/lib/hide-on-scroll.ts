/**
 * Requirements §9: the header hides on scroll with offset -78 and down tolerance 0. It never
 * hides for visitors who prefer reduced motion, nor while focus is inside it (a
 * keyboard user must always see where focus is).
 */
export interface HeaderScrollInput {
  y: number
  lastY: number
  hidden: boolean
  /** The offset of requirements §9.5: within |offset| px of the top the header always shows. */
  offset: number
  /** How many px down before it hides. */
  downTolerance: number
  focusWithin: boolean
  reducedMotion: boolean
}

export function nextHeaderHidden(input: HeaderScrollInput): boolean {
  if (input.reducedMotion || input.focusWithin) return false
  if (input.y <= Math.abs(input.offset)) return false
  const delta = input.y - input.lastY
  if (delta > input.downTolerance) return true
  if (delta < 0) return false
  return input.hidden
}
