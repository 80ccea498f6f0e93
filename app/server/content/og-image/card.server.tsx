/**
 * The social image's layout (requirements §11.4, decision 018): a 1200×630 brand card with the
 * organization's logo and name, a label for what the page is, the page title set large,
 * and the site's address, in the brand colours of tailwind.config.ts. Satori lays it out
 * (a subset of CSS: flexbox only), so this is plain elements with inline styles. Pure.
 */
import type { ReactElement } from 'react'
import { siteConfig } from '../../../config/site'
import tailwindConfig from '../../../../tailwind.config'

export const OG_WIDTH = siteConfig.ogImage.width
export const OG_HEIGHT = siteConfig.ogImage.height

const { brand, accent } = tailwindConfig.theme.extend.colors
/** The label's text on the amber pill: the light theme's ink (app/styles.css `--color-ink`); the card has one look in every theme. */
const LABEL_INK = '#0f172a'

/** What the card shows. Every text is plain text (satori draws it as glyphs, never as markup). */
export interface OgCard {
  title: string
  /** What the page is: "Article", "Services", "Blog"…; null shows none. */
  label: string | null
  siteName: string
  /** The site's address as people read it (`www.kestrel-it.example`). */
  siteHost: string
  /** A data URL of the logo, or null for the organization's initial. */
  logo: string | null
  lang: string
}

const PADDING_X = 80
/** The title stays left of the ornament in the top right corner. */
const TITLE_WIDTH = 860
const MAX_TITLE_LINES = 3
/** Inter Black: an average glyph is about this wide per pixel of font size (capitals wider; kept on the safe side). */
const AVERAGE_GLYPH_EM = 0.58
const TITLE_SIZES = [80, 72, 64, 56, 50, 44] as const
/** Large titles take two lines at most; a third line only at the smaller sizes, so the card never looks crowded. */
const linesAt = (size: number) => (size >= 64 ? 2 : MAX_TITLE_LINES)
/** More than fits three lines at the smallest size: the rest is cut at a word and ends with an ellipsis. */
export const MAX_TITLE_CHARS = 120

/** Control characters, bidi overrides and zero-width marks a hostile title could use to hide or reorder text. */
// oxlint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

/**
 * Emoji and scripts the card's font (Inter: Latin, Greek, Cyrillic) has no glyphs for
 * would be drawn as "no glyph" boxes: they are left out (decision 018 says how to add a font).
 */
const UNDRAWABLE =
  /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u{fe0e}|\u{fe0f}|\u{20e3}|[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/gu

const segmenter = new Intl.Segmenter()
/** The characters a reader sees (grapheme clusters): what lengths are counted and texts cut in. */
const graphemes = (text: string) => Array.from(segmenter.segment(text), (part) => part.segment)

/** A title as the card sets it: one line of plain text, at most `max` characters, cut at a word. */
export function cardText(value: string, max = MAX_TITLE_CHARS): string {
  const text = value.replace(UNSAFE_CHARACTERS, ' ').replace(UNDRAWABLE, '').replace(/\s+/g, ' ').trim()
  const characters = graphemes(text)
  if (characters.length <= max) return text
  const cut = characters.slice(0, max - 1).join('')
  const atWord = cut.replace(/\s+\S*$/, '')
  return `${atWord.length > max / 2 ? atWord : cut}…`
}

/** How many lines a text takes at a font size, wrapping at spaces (a word wider than a line counts its own lines). */
function estimatedLines(text: string, size: number): number {
  const perLine = Math.floor(TITLE_WIDTH / (size * AVERAGE_GLYPH_EM))
  let lines = 1
  let used = 0
  for (const word of text.split(' ')) {
    const length = graphemes(word).length
    const needed = used === 0 ? length : used + 1 + length
    if (needed <= perLine) {
      used = needed
      continue
    }
    if (used > 0) lines++
    lines += Math.floor(Math.max(0, length - 1) / perLine)
    used = length % perLine || perLine
  }
  return lines
}

/** The largest title size at which the title fits its lines and its longest word fits one (German compounds). */
export function titleSize(text: string): number {
  for (const size of TITLE_SIZES) {
    const longestWord = Math.max(...text.split(' ').map((word) => graphemes(word).length))
    if (longestWord * size * AVERAGE_GLYPH_EM <= TITLE_WIDTH && estimatedLines(text, size) <= linesAt(size)) return size
  }
  return TITLE_SIZES.at(-1) ?? 44
}

export function ogCardElement(card: OgCard): ReactElement {
  const title = cardText(card.title)
  const size = titleSize(title)
  // Upper case in the page's language (satori's own text-transform refuses some locale tags).
  const label = card.label ? cardText(card.label, 40).toLocaleUpperCase(card.lang) : null
  const siteName = cardText(card.siteName, 48)
  return (
    <div
      lang={card.lang}
      style={{
        width: OG_WIDTH,
        height: OG_HEIGHT,
        display: 'flex',
        position: 'relative',
        backgroundColor: brand[950],
        backgroundImage: `linear-gradient(135deg, ${brand[950]} 0%, ${brand[900]} 55%, ${brand[800]} 100%)`,
        color: '#ffffff',
        fontFamily: 'Inter',
      }}
    >
      {/* The card's only ornament, in the top right corner where no text goes: a quarter ring and an accent dot. */}
      <div
        style={{
          position: 'absolute',
          top: -230,
          right: -230,
          // Content-box: 460 px across with the border.
          width: 348,
          height: 348,
          borderRadius: 230,
          border: `56px solid ${brand[700]}`,
          display: 'flex',
        }}
      />
      <div
        style={{
          position: 'absolute',
          top: 214,
          right: 214,
          width: 44,
          height: 44,
          borderRadius: 22,
          backgroundColor: accent.DEFAULT,
          display: 'flex',
        }}
      />
      {/* Satori sizes boxes without their padding (content-box): the padding goes on this inner box. */}
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, padding: `64px ${PADDING_X}px 72px` }}>
        <div style={{ display: 'flex', alignItems: 'center' }}>
          {card.logo ? (
            <img src={card.logo} alt="" width={76} height={76} style={{ borderRadius: 18 }} />
          ) : (
            <div
              style={{
                width: 76,
                height: 76,
                borderRadius: 18,
                backgroundColor: brand[600],
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: 44,
                fontWeight: 900,
              }}
            >
              {graphemes(siteName)[0] ?? ''}
            </div>
          )}
          <div style={{ display: 'flex', marginLeft: 24, fontSize: 34, fontWeight: 700, letterSpacing: -0.5 }}>{siteName}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1, paddingTop: 16 }}>
          {label ? (
            <div style={{ display: 'flex' }}>
              <div
                style={{
                  display: 'flex',
                  padding: '8px 20px',
                  borderRadius: 999,
                  backgroundColor: accent.DEFAULT,
                  color: LABEL_INK,
                  fontSize: 24,
                  fontWeight: 700,
                  letterSpacing: 1.5,
                }}
              >
                {label}
              </div>
            </div>
          ) : null}
          <div
            style={{
              display: 'block',
              marginTop: label ? 28 : 0,
              width: TITLE_WIDTH,
              fontSize: size,
              fontWeight: 900,
              lineHeight: 1.08,
              letterSpacing: -1.5,
              wordBreak: 'break-word',
              lineClamp: MAX_TITLE_LINES,
            }}
          >
            {title}
          </div>
        </div>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <div style={{ display: 'flex', fontSize: 26, fontWeight: 400, color: brand[200] }}>{cardText(card.siteHost, 60)}</div>
          <div style={{ display: 'flex', width: 120, height: 6, borderRadius: 3, backgroundColor: accent.DEFAULT }} />
        </div>
      </div>
      <div
        style={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          width: OG_WIDTH,
          height: 14,
          display: 'flex',
          backgroundImage: `linear-gradient(90deg, ${accent.DEFAULT} 0%, ${brand[400]} 100%)`,
        }}
      />
    </div>
  )
}
