/**
 * Renders the site's icons (public/icons/*.png) from public/logo.svg with headless
 * Chromium. Run after changing the logo: `npx tsx scripts/make-icons.ts`.
 */
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const svg = readFileSync('public/logo.svg', 'utf8')
const sizes: Array<[string, number, number]> = [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['icon-maskable-512.png', 512, 0.1],
  ['apple-touch-icon.png', 180, 0],
]
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
for (const [name, size, padding] of sizes) {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  const inset = Math.round(size * padding)
  await page.setContent(
    `<body style="margin:0;background:#1645de"><div style="padding:${inset}px;width:${size - 2 * inset}px;height:${size - 2 * inset}px">${svg.replace('<svg', `<svg width="${size - 2 * inset}" height="${size - 2 * inset}"`)}</div></body>`,
  )
  await page.screenshot({ path: `public/icons/${name}`, omitBackground: false })
  await page.close()
}
await browser.close()
console.log('icons written to public/icons')
process.exit(0)
