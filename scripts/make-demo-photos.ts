/**
 * The demo's raster images (decision 030): where a real site has photos (post heroes, case
 * studies, the team), the demo has WebP originals at the size an editor would upload, so
 * the generated sizes, `srcset` and lazy loading are exercised as they are with photos.
 * They are drawn from the project's own illustrations beside them (same licence as the
 * project, LICENSE), at twice their drawn size. Run after changing an illustration:
 * `npx tsx scripts/make-demo-photos.ts`.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'

const folders = ['public/images/posts', 'public/images/case-studies', 'public/images/team']

for (const folder of folders) {
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.svg'))) {
    const source = join(folder, name)
    const target = join(folder, name.replace(/\.svg$/, '.webp'))
    // density 144 = twice the SVG's own 72 dpi size: 1200×630 becomes 2400×1260.
    const info = await sharp(source, { density: 144 }).webp({ quality: 82 }).toFile(target)
    console.log(`${target} ${info.width}×${info.height} ${Math.round(info.size / 1024)} KB`)
  }
}
