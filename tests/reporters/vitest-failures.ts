/**
 * Vitest reporter: each failed test as one line, `file › describe › name: first error line`,
 * then a file's own errors (an import or a beforeAll that threw) and errors outside any test,
 * for the end of `npm test` (./failures-file.ts).
 */
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node'
import { failureLine, noteFailures } from './failures-file'

/** The test's describe blocks and name, joined as Playwright's titles are (Vitest's fullName uses " > "). */
function titles(test: TestCase): string {
  const names = [test.name]
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) names.unshift(parent.name)
  return names.join(' › ')
}

export default class VitestFailures implements Reporter {
  onTestRunEnd(modules: readonly TestModule[], unhandled: readonly SerializedError[]) {
    const lines: string[] = []
    for (const module of modules) {
      for (const test of module.children.allTests('failed')) {
        lines.push(failureLine(`${module.relativeModuleId} › ${titles(test)}`, test.result().errors?.[0]?.message))
      }
      const suiteErrors = [module, ...module.children.allSuites()].flatMap((suite) => suite.errors())
      for (const error of suiteErrors) lines.push(failureLine(module.relativeModuleId, error.message))
    }
    for (const error of unhandled) lines.push(failureLine('Vitest, outside any test', error.message))
    noteFailures(lines)
  }
}
