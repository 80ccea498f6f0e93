/**
 * The embedded CMS's generated image sizes (cms/image-sizes.ts, decision 030): before the
 * build copies `public/` and before the dev server answers, every raster image under
 * `public/images/` gets its WebP copies in `public/images/_sizes/`. A copy newer than its
 * original is kept, so a second build or dev start costs a directory walk. In the dev
 * server a copy that is asked for and missing (an image added while it runs) is made then.
 */
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import type { Plugin } from 'vite'
import { generatedSizes, SIZES_DIR } from '../cms/image-sizes.ts'

const RASTER = /\.(?:jpe?g|png|webp)$/i

function rastersUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === '_sizes' ? [] : rastersUnder(join(dir, entry.name))
    return entry.isFile() && RASTER.test(entry.name) ? [join(dir, entry.name)] : []
  })
}

/** Writes the missing or outdated copies of every raster image; answers how many it wrote. */
export async function writeImageSizes(publicDir: string): Promise<number> {
  const { default: sharp } = await import('sharp')
  let written = 0
  for (const file of rastersUnder(join(publicDir, 'images'))) {
    const url = `/${relative(publicDir, file).split(sep).join('/')}`
    const modified = statSync(file).mtimeMs
    const { width, height } = await sharp(file).metadata()
    for (const size of generatedSizes(url, width, height)) {
      const target = join(publicDir, ...size.url.slice(1).split('/'))
      if (existsSync(target) && statSync(target).mtimeMs >= modified) continue
      mkdirSync(dirname(target), { recursive: true })
      // Quality 80 is WordPress's own default for its generated WebP sizes.
      await sharp(file).resize({ width: size.width, height: size.height, fit: 'fill' }).webp({ quality: 80 }).toFile(target)
      written += 1
    }
  }
  return written
}

export function imageSizes(): Plugin {
  let publicDir = 'public'
  let done: Promise<void> | undefined
  const writeOnce = () =>
    (done ??= writeImageSizes(publicDir).then((written) => {
      if (written > 0) console.log(`[images] wrote ${written} generated sizes into public/${SIZES_DIR}`)
    }))
  return {
    name: 'kestrel-image-sizes',
    configResolved(config) {
      if (config.publicDir) publicDir = config.publicDir
    },
    // Every environment's build starts here; the copies are made once, before `public/` is copied.
    buildStart: () => writeOnce(),
    configureServer(server) {
      void writeOnce()
      server.middlewares.use(`/${SIZES_DIR}/`, (request, _response, next) => {
        const path = decodeURIComponent((request.url ?? '').split('?')[0] ?? '')
        const missing = !existsSync(join(publicDir, SIZES_DIR, ...path.split('/').filter((part) => part && part !== '..')))
        void writeOnce()
          .then(() => (missing ? writeImageSizes(publicDir) : 0))
          .then(() => next(), next)
      })
    },
  }
}
