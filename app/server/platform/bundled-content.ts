/**
 * The embedded CMS's `content/` folder, bundled into a Netlify or Vercel function (demo
 * mode, docs/deploy.md): by file path relative to the folder. The build replaces this
 * module (scripts/deploy/targets.ts, platformBuild); the Node server reads the folder from
 * disk, and a platform build with CONTENT_API_URL set bundles nothing.
 */
export const bundledContent: Readonly<Record<string, string>> | null = null
