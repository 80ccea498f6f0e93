// Preloaded into the server the benchmarks start (NODE_OPTIONS=--import=…): on SIGUSR2 it
// runs a full garbage collection and prints the memory that is left, so a report can tell
// a leak (live heap growing) from V8 and the allocator keeping memory they may reuse
// (RSS growing while the live heap stays flat). Never loaded by `npm start`.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc')
process.on('SIGUSR2', () => {
  gc()
  const usage = process.memoryUsage()
  process.stdout.write(`gc-probe ${JSON.stringify(usage)}\n`)
})
