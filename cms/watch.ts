/**
 * Watches the content folder: when an editor changes a file in `content/`, the store
 * reads it again and the site is told which cache tags the change touches (the same
 * vocabulary as the revalidation webhook, docs/content-api.md), so the change shows
 * without a restart.
 */
import { watch, type FSWatcher } from 'node:fs'
import path from 'node:path'
import { cmsConfig } from './config'
import { itemTag } from '../app/contract/cache-tags'

/** Editors save in bursts (temporary file, rename, touch): changes within this window are one change. */
const SETTLE_MS = 150

/** The cache tags a changed file touches, from its path inside the content folder. */
export function tagsForContentFile(relativePath: string): string[] {
  const parts = relativePath.split(/[\\/]/).filter(Boolean)
  const [, folder, file] = parts
  const name = (file ?? folder ?? '').replace(/\.(json|md|ya?ml)$/, '')
  if (parts.length === 1 && parts[0] === 'redirects.json') return ['redirects']
  if (parts.length === 2) {
    if (folder === 'menus.json') return ['menus']
    if (folder === 'options.json') return ['options']
    if (folder === 'taxonomies.json') return ['posts']
  }
  if (parts.length === 3) {
    // A page file's name is its page name with `/` written `--` (landing--managed-it-support).
    if (folder === 'pages') return [`page:${name.replace(/--/g, '/')}`]
    if (folder === 'posts') return [`post:${name}`]
    if (folder === 'popups') return [`popup:${name}`]
    if (folder === 'forms') return [`form:${name}`]
    // An item's file is named by its slug, in its type's folder (cmsConfig.types).
    const type = Object.entries(cmsConfig.types).find(([, config]) => config.folder === folder)?.[0]
    if (type) return [itemTag(type, name)]
  }
  return ['all']
}

/** Calls `onChange` with the tags of every burst of changes; returns a function that stops watching. */
export function watchContent(contentDir: string, onChange: (tags: string[]) => void): () => void {
  let pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let watcher: FSWatcher
  try {
    watcher = watch(contentDir, { recursive: true, persistent: false }, (_event, file) => {
      for (const tag of file ? tagsForContentFile(String(file)) : ['all']) pending.add(tag)
      clearTimeout(timer)
      timer = setTimeout(() => {
        const tags = [...pending]
        pending = new Set()
        onChange(tags)
      }, SETTLE_MS)
    })
  } catch (error) {
    console.warn(`[cms] not watching ${path.resolve(contentDir)} for changes: ${error instanceof Error ? error.message : String(error)}`)
    return () => {}
  }
  watcher.on('error', (error) => console.warn(`[cms] watching content stopped: ${error.message}`))
  return () => {
    clearTimeout(timer)
    watcher.close()
  }
}
