/**
 * A page's data travels in the document as a JSON data block, beside the router's dehydrated
 * state instead of inside it (docs/decisions/050-page-data-block.md). The router's serializer
 * walks every object of what it writes, on every render: for a page's data (most of what a
 * page's loader returns, 14 KB on home) that was the largest part of a cache miss after
 * React's render. The data block's text is made once per data object the data cache holds,
 * and the browser reads it with `JSON.parse`, which is faster than running it as a script.
 *
 * Only the copy a page's loader makes on the server for its document is written this way
 * (`pageDataForDocument`): the same data in a server function's answer (a navigation in the
 * browser) has no document to carry a block, and is serialized as before.
 */
import { createSerializationAdapter, useRouter } from '@tanstack/react-router'
import type { ListingPage, PageData, PostList } from '../contract/model'
import { firstListPage } from '../site-rules/listing'
import { noteSharedText } from '../ui/kept-markup'

const BLOCK_ID = 'page-data'

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/** The loaders' copies, by the data object they copy; and the block text of each copy. */
const copies = new WeakMap<PageData, PageData>()
const blockTexts = new WeakMap<object, string>()

/**
 * On the server, in a page's loader: the copy of the page's data that the document carries
 * as its data block. One copy per data object, so its text is made once.
 */
export function pageDataForDocument(data: PageData): PageData {
  let copy = copies.get(data)
  if (copy === undefined) {
    copy = { ...data }
    copies.set(data, copy)
    // JSON in a <script> element: with every `<` escaped, no `</script>` or `<!--` in the
    // content (a hostile CMS field) can end the element or change how it is parsed.
    blockTexts.set(copy, JSON.stringify(copy).replace(/</g, '\\u003c'))
  }
  return copy
}

/** The block text of a loader's copy (pageDataForDocument); undefined for anything else. */
export function blockTextOf(data: unknown): string | undefined {
  return isObject(data) ? blockTexts.get(data) : undefined
}

/** A blog list's first page that the page's own answer holds (firstListPage), in a document's loader data. */
const listsInBlock = new WeakSet<object>()

/** On the server, in a page's loader: a list made from the page's own answer is written as a reference to the block too. */
export function firstListForDocument(list: PostList): PostList {
  listsInBlock.add(list)
  return list
}

/** The block's data, read once in the browser: the page's data and its first list share their objects, as on the server. */
let parsedBlock: PageData | undefined
function blockData(): PageData {
  parsedBlock ??= JSON.parse(document.getElementById(BLOCK_ID)?.textContent ?? 'null') as PageData
  return parsedBlock
}

/** Writes a document's page data as a reference to its block, and reads it back from there in the browser. */
export const pageDataAdapter = createSerializationAdapter({
  key: 'page-data',
  test: (value: unknown): value is PageData => isObject(value) && blockTexts.has(value),
  toSerializable: () => 0,
  fromSerializable: () => blockData(),
})

/** The same for the first list: the browser makes it again from the block's page. */
export const firstListAdapter = createSerializationAdapter({
  key: 'first-list',
  test: (value: unknown): value is PostList => isObject(value) && listsInBlock.has(value),
  toSerializable: () => 0,
  fromSerializable: () => firstListPage(blockData().page as ListingPage)!,
})

/** Whether the server wrote a block into this document: read once, before hydration changes anything. */
let hasBlock: boolean | undefined
const documentHasBlock = () => (hasBlock ??= document.getElementById(BLOCK_ID) !== null)

/**
 * The block, first in the body (decision 052). The server writes the text of the page's data; the
 * browser renders the same element empty and keeps the server's text (React does not
 * replace inner HTML when it hydrates), so hydration finds what the server wrote.
 */
export function PageDataBlock() {
  const router = useRouter()
  if (import.meta.env.SSR) {
    let text: string | undefined
    for (const match of router.stores.matches.get()) text ??= blockTextOf((match.loaderData as { data?: unknown } | undefined)?.data)
    if (text === undefined) return null
    noteSharedText(text)
    return <script type="application/json" id={BLOCK_ID} dangerouslySetInnerHTML={{ __html: text }} />
  }
  return documentHasBlock() ? (
    <script type="application/json" id={BLOCK_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
  ) : null
}
