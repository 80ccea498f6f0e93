/** A file's bytes as base64 (scripts/vite-base64-plugin.ts). */
declare module '*?base64' {
  const base64: string
  export default base64
}
