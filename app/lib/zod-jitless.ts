/**
 * zod compiles its object parsers with `new Function` where it may. The browser runs
 * under a policy without 'unsafe-eval' (decision 010), where even zod's probe for it is a
 * reported violation, so zod is told before it first loads (router.tsx imports this
 * first) to parse without compiling. The server keeps the compiled parsers.
 */
if (typeof window !== 'undefined') {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
  holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true }
}
