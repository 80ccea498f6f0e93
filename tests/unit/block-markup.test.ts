/**
 * The plugin's class rule for the contract's HTML (docs/decisions/028), run by PHP itself
 * (`npm test` installs php-cli for the plugin's checks): the editor's meaning stays, what
 * WordPress adds while rendering goes, and a layout's gap becomes an inline style.
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

function php(expression: string): string {
  const script = `namespace Kestrel\\Headless; function add_filter(...$args) {} require 'wordpress/kestrel-headless/includes/block-markup.php'; echo ${expression};`
  return execFileSync('php', ['-r', script], { encoding: 'utf8' })
}
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

describe('BlockMarkup (wordpress/kestrel-headless/includes/block-markup.php)', () => {
  it('keeps the classes that carry the editor’s meaning and drops render-time ones', () => {
    const html =
      '<h2 class="wp-block-heading has-text-align-center">x</h2><ul class="wp-block-list"><li>a</li></ul>' +
      '<figure class="wp-block-table is-style-stripes"><table class="has-fixed-layout"></table></figure>' +
      '<div class="wp-block-group alignwide has-accent-background-color has-background is-layout-flex wp-container-core-group-is-layout-1 wp-block-group-is-layout-flex">' +
      '<p class="wp-block-paragraph">t</p><a class="wp-block-button__link wp-elements-1a2b3c wp-element-button">b</a></div>' +
      '<div class="wp-block-columns"><div class="wp-block-column"></div></div><hr class="wp-block-separator has-alpha-channel-opacity is-style-wide"/>'
    expect(php(`BlockMarkup::withoutRenderClasses(${quoted(html)})`)).toBe(
      '<h2 class="has-text-align-center">x</h2><ul><li>a</li></ul>' +
        '<figure class="wp-block-table is-style-stripes"><table class="has-fixed-layout"></table></figure>' +
        '<div class="wp-block-group alignwide has-accent-background-color has-background is-layout-flex">' +
        '<p>t</p><a class="wp-block-button__link wp-element-button">b</a></div>' +
        '<div class="wp-block-columns"><div class="wp-block-column"></div></div><hr class="wp-block-separator has-alpha-channel-opacity is-style-wide"/>',
    )
  })

  it('writes a flex layout’s gap inline, and nothing for a value that is not a length or preset', () => {
    const block = (gap: string) =>
      `['blockName' => 'core/group', 'attrs' => ['layout' => ['type' => 'flex'], 'style' => ['spacing' => ['blockGap' => ${quoted(gap)}]]]]`
    expect(
      php(`BlockMarkup::withLayoutGap('<div class="wp-block-group" style="padding:1rem">x</div>', ${block('var:preset|spacing|50')})`),
    ).toBe('<div class="wp-block-group" style="padding:1rem;gap:var(--wp--preset--spacing--50)">x</div>')
    expect(php(`BlockMarkup::withLayoutGap('<div class="wp-block-group">x</div>', ${block('2rem;background:url(x)')})`)).toBe(
      '<div class="wp-block-group">x</div>',
    )
  })
})
