/**
 * Brand design tokens, loaded by app/styles.css through `@config` (Tailwind v4).
 * The rest of the styling is CSS-first `@theme` in app/styles.css.
 */
import type { Config } from 'tailwindcss'

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef6ff',
          100: '#d9eaff',
          200: '#bcdaff',
          300: '#8ec2ff',
          400: '#599fff',
          500: '#3479fc',
          600: '#1e5af1',
          700: '#1645de',
          800: '#1939b4',
          900: '#1a358d',
          950: '#152256',
        },
        // The brand palette and the accent are fixed in both themes. Colour roles that change
        // with the theme (surface, ink, link, focus, danger, …) are CSS variables: app/styles.css.
        accent: { DEFAULT: '#f59e0b', dark: '#b45309' },
      },
      fontWeight: { normal: '400', bold: '700', black: '900' },
      maxWidth: { site: '80rem' },
    },
  },
} satisfies Config
