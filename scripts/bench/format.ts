/** Plain-text tables and units for the benchmark's console output. */

export const kib = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024).toFixed(1)} KiB`)
export const mib = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024 / 1024).toFixed(1)} MiB`)
export const ms = (value: number | null, digits = 0) => (value === null ? '–' : `${value.toFixed(digits)} ms`)

/** The median of the values measured (the upper one of an even count); null when none was. */
export function median(values: Array<number | null>): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? null
}

export function table(headers: string[], rows: string[][], rightAligned: number[] = []): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: string[]) =>
    cells.map((cell, column) => (rightAligned.includes(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ')
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n')
}
