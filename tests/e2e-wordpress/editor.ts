/**
 * WordPress's block editor, driven as the admin of `npm run wordpress` would: log in,
 * open a document, read the editor's own view of its blocks.
 */
import { execFileSync } from 'node:child_process'
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test'

export const wordpressUrl = process.env.WORDPRESS_URL ?? `http://127.0.0.1:${process.env.WORDPRESS_PORT ?? 8088}`
const adminPassword = process.env.WORDPRESS_ADMIN_PASSWORD ?? 'kestrel-admin-pass'

export async function logIn(page: Page): Promise<void> {
  await page.goto(`${wordpressUrl}/wp-login.php`)
  // wp-login.php focuses and selects the user field 200 ms after it loads (wp_attempt_focus). A fill
  // of the password under way at that moment typed it into the user field, and the form never left
  // (ci on fefb289). Setting the fields' values does not depend on where the focus is.
  await page.locator('#user_login').evaluate((input: HTMLInputElement) => (input.value = 'admin'))
  await page.locator('#user_pass').evaluate((input: HTMLInputElement, password) => (input.value = password), adminPassword)
  await page.click('#wp-submit')
  // A refused log-in stays on wp-login.php: say so after 30 s, not at the test's time-out.
  await expect(page, 'the log-in as admin did not reach wp-admin').toHaveURL(/\/wp-admin\//, { timeout: 30_000 })
}

/** The id of a document by type, slug and locale (built-in languages), from the database. */
export function documentId(type: string, slug: string, locale = 'en'): number {
  const query =
    `SELECT p.ID FROM wp_posts p LEFT JOIN wp_postmeta m ON m.post_id = p.ID AND m.meta_key = 'kestrel_locale' ` +
    `WHERE p.post_type = '${type}' AND p.post_name = '${slug}' AND COALESCE(NULLIF(m.meta_value, ''), 'en') = '${locale}' ORDER BY p.ID LIMIT 1`
  const out = execFileSync('mariadb', ['--defaults-file=.cache/wordpress/conf/my.cnf', '-N', '-B', 'kestrel_wp', '-e', query], {
    encoding: 'utf8',
  })
  return Number(out.trim())
}

/** Opens a document in the block editor and waits until its blocks are parsed; closes the welcome guide. */
export async function openEditor(page: Page, id: number): Promise<void> {
  await page.goto(`${wordpressUrl}/wp-admin/post.php?post=${id}&action=edit`)
  await page.waitForFunction(
    `(() => { const e = window.wp && window.wp.data && window.wp.data.select('core/block-editor'); return !!e && e.getBlocks().length > 0 })()`,
    null,
    { timeout: 60_000 },
  )
  await page.evaluate(`(() => {
    const preferences = window.wp.data.select('core/preferences')
    if (preferences.get('core/edit-post', 'welcomeGuide')) window.wp.data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false)
  })()`)
}

/**
 * Where the blocks are: the editor's iframe (`editor-canvas`; always on WordPress 7.x, and
 * on 6.x when every block uses block API version 3 and no meta box is shown), else the page.
 */
export async function editorCanvas(page: Page): Promise<FrameLocator | Locator> {
  const iframe = page.locator('iframe[name="editor-canvas"]')
  await page.locator('iframe[name="editor-canvas"], .editor-styles-wrapper').first().waitFor()
  if ((await iframe.count()) > 0) return page.frameLocator('iframe[name="editor-canvas"]')
  return page.locator('body')
}

/** The editor console's deprecation warnings from now on (wp.deprecated and block API notices). */
export function collectDeprecations(page: Page): string[] {
  const found: string[] = []
  page.on('console', (message) => {
    if (/deprecat/i.test(message.text())) found.push(`${message.type()}: ${message.text()}`)
  })
  return found
}

/** Blocks the editor could not read back from the stored markup ("unexpected or invalid content"). */
export async function invalidBlocks(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const invalid = []
    const walk = (blocks) => blocks.forEach((block) => {
      if (!block.isValid) invalid.push(block.name)
      walk(block.innerBlocks)
    })
    walk(window.wp.data.select('core/block-editor').getBlocks())
    return invalid
  })()`)
}

/** The names of the top-level blocks, in order. */
export async function topLevelBlocks(page: Page): Promise<string[]> {
  return page.evaluate(`window.wp.data.select('core/block-editor').getBlocks().map((block) => block.name)`)
}

/** Shows the document settings sidebar with the plugin's "Site" panel open. */
export async function openSitePanel(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const { dispatch, select } = window.wp.data
    dispatch('core/block-editor').clearSelectedBlock()
    dispatch('core/edit-post').openGeneralSidebar('edit-post/document')
    const panel = 'kestrel-headless/kestrel-site'
    if (!select('core/editor').isEditorPanelOpened(panel)) dispatch('core/editor').toggleEditorPanelOpened(panel)
  })()`)
}
