import { paraglideVitePlugin } from '@inlang/paraglide-js'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'
import { EnvError, parseEnv } from './app.config'
import { paraglideOptions } from './paraglide.options'

// A bad environment variable stops `vite dev` and `vite build` at once, naming it.
let env
try {
  env = parseEnv()
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`\n${error.message}\n`)
    process.exit(1)
  }
  throw error
}

export default defineConfig({
  server: { port: env.PORT, host: env.HOST, strictPort: true },
  resolve: { tsconfigPaths: true },
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    tailwindcss(),
    tanstackStart({ srcDirectory: 'app' }),
    nitro(),
    viteReact(),
  ],
})
