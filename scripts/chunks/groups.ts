/**
 * The browser's chunk groups, by folder (vite.config.ts hands them to Rolldown's
 * `codeSplitting.groups`). A path ending in `/` takes the files directly in that folder; any
 * other path is one file. What lands where is checked against `scripts/chunks/expected.json`
 * by `npm run check:chunks` after a build: moving a file changes a chunk only knowingly.
 *
 * Why these groups (the first-load budget of docs/requirements.md §11.1, `npm run size`):
 * - `shell`: what every page's first render uses, in one chunk rather than thirty small ones
 *   (each chunk costs its own import and export lines, and one file compresses better). The
 *   sections' registry stays here: moved to `sections`, the list of every section's chunks
 *   its lazy imports carry was written in both chunks.
 * - `sections`: the screen of pages made of sections, which the blog's routes do not render.
 * - `blog`, `listing`, `article`: the blog routes' first loads. `blog` holds what an article
 *   and a card both show (the date, the reading time), so neither pulls in the other's chunk.
 * - `zod`: only the lazily loaded forms use it; never merged into a chunk every page loads.
 */
export interface ChunkGroup {
  name: string
  /** Repository paths: `folder/` (its direct files) or a file. */
  paths: string[]
  /** Packages' files (node_modules), by a pattern on their path. */
  packages?: RegExp
}

export const chunkGroups: ChunkGroup[] = [
  { name: 'zod', paths: [], packages: /[\\/]node_modules[\\/]zod[\\/]/ },
  {
    name: 'shell',
    paths: [
      'app/ui/',
      'app/components/shell/',
      'app/components/consent/consent-ui.tsx',
      'app/components/page-frame.tsx',
      'app/components/page-islands.ts',
      'app/sections/registry.ts',
      'app/contract/page-name.ts',
      'app/content-requests.ts',
      'app/site-rules/seo.ts',
      'app/site-rules/listing.ts',
      'app/routes/-page-route.tsx',
    ],
  },
  {
    name: 'sections',
    paths: [
      'app/components/page-screen.tsx',
      'app/components/sections-content.tsx',
      'app/sections/render-sections.tsx',
      'app/sections/reveal.tsx',
      'app/sections/page-context.ts',
    ],
  },
  {
    name: 'blog',
    paths: ['app/components/blog/blog-screen.tsx', 'app/ui/blog/format-date.tsx', 'app/paraglide/messages/blog_reading_time.js'],
  },
  { name: 'listing', paths: ['app/components/blog/post-listing.tsx', 'app/ui/blog/post-card.tsx'] },
  { name: 'article', paths: ['app/components/blog/article.tsx', 'app/components/blog/comments.tsx'] },
]

/** A module id (an absolute path, perhaps with a query) as a repository path, or null outside the repository. */
export function repositoryPath(id: string, root: string): string | null {
  const path = id.split('?')[0]?.replaceAll('\\', '/') ?? ''
  const base = root.replaceAll('\\', '/').replace(/\/?$/, '/')
  return path.startsWith(base) ? path.slice(base.length) : null
}

/** Whether a repository path belongs to a group's paths. */
export function inGroup(group: ChunkGroup, path: string): boolean {
  return group.paths.some((entry) =>
    entry.endsWith('/') ? path.startsWith(entry) && !path.slice(entry.length).includes('/') : path === entry,
  )
}

/** Rolldown's `codeSplitting.groups`, from the table above. */
export function rolldownGroups(root: string) {
  return chunkGroups.map((group) => ({
    name: group.name,
    test: (id: string) => {
      if (group.packages?.test(id)) return true
      const path = repositoryPath(id, root)
      return path !== null && !path.startsWith('node_modules/') && inGroup(group, path)
    },
  }))
}
