/**
 * Marks a part of a page whose rendering waits until it nears the viewport: app/styles.css gives
 * it `content-visibility: auto`, and app/components/shell/scroll-restoration.tsx records and
 * restores positions with every such part at its real height (decision 048). Not for a part that
 * holds a form: a form is laid out with the page, so that it is ready when the visitor reaches it.
 */
export const BELOW_FOLD = { 'data-below-fold': '' } as const
