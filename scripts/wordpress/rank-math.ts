/**
 * What the harness stores in Rank Math when it is active (scripts/wordpress/seed.ts), and
 * what the contract suite and the browser pass check against Rank Math's own pages
 * (docs/wordpress.md, "Tested"): Titles & Meta with a separator of its own and title
 * templates with variables; the English Careers page with its own title, description
 * and robots (the post type's defaults give every other page and post its title).
 */
export const RANK_MATH_SEED = {
  /** Titles & Meta (the option `rank-math-options-titles`), as its settings screen saves them. */
  titles: { title_separator: '|', pt_page_title: '%title% %sep% %sitename%', pt_post_title: '%title% %sep% %sitename% blog' },
  /** The page (its path in the default locale) that has Rank Math fields of its own. */
  page: 'careers',
  /** Its fields, as Rank Math's sidebar in the block editor saves them. */
  meta: {
    rank_math_title: 'Jobs: %title% %sep% %sitename%',
    rank_math_description: 'Work at %sitename%: %title% in Leeds and Manchester.',
    rank_math_robots: ['index', 'noarchive'],
  },
} as const
