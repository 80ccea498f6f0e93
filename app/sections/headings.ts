/**
 * A block's heading tags: its own heading continues the page outline (h1 only when the
 * block is the page's title), and its items sit one level below it.
 */
export function blockHeadings(level: 1 | 2, hasHeading: boolean) {
  const Heading = level === 1 ? ('h1' as const) : ('h2' as const)
  const Item = hasHeading ? (level === 1 ? ('h2' as const) : ('h3' as const)) : Heading
  return { Heading, Item }
}
