/**
 * One item of a routed content type (decision 029), a case study in the demo: its
 * title and lead, the featured image, its labelled facts beside the text (ACF's fields in
 * WordPress) and a way back to the type's listing. No comments, categories or tags: those
 * are the blog's.
 */
import { typeLabel, typePath, typeSingular } from '../../contract/content-types'
import { m } from '../../paraglide/messages'
import type { ItemPage, PageData } from '../../contract/model'
import type { Locale } from '../../config/site'
import { CmsLink } from '../../ui/cms-link'
import { Image } from '../../ui/image'

export interface ItemArticleProps {
  data: PageData
  page: ItemPage
  locale: Locale
}

export function ItemArticle({ page, locale }: ItemArticleProps) {
  const { post } = page
  const listing = typePath(locale, page.itemType)
  const label = typeLabel(locale, page.itemType)
  const kind = typeSingular(locale, page.itemType)
  return (
    <article className="mx-auto max-w-site px-4 py-14 sm:px-6" data-item-type={page.itemType}>
      <header className="max-w-3xl">
        {kind && <p className="text-sm font-bold tracking-wide text-link uppercase">{kind}</p>}
        <h1 className="mt-3 text-4xl font-black tracking-tight text-ink sm:text-5xl">{post.title}</h1>
        <div className="mt-5 text-xl text-ink-soft" dangerouslySetInnerHTML={{ __html: post.excerptHtml }} />
      </header>
      {post.featuredImage && (
        <div className="mt-10">
          <Image
            image={post.featuredImage}
            priority
            sizes="(min-width: 1280px) 76rem, 100vw"
            className="aspect-[1200/630] w-full rounded-2xl object-cover"
          />
        </div>
      )}
      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {post.fields.length > 0 && (
          // First on a phone, so the facts come before the story; beside the text from lg on.
          <aside className="lg:order-last" aria-labelledby="item-facts">
            <div className="rounded-2xl border border-line bg-surface-alt p-6 lg:sticky lg:top-28">
              <h2 id="item-facts" className="text-lg font-black text-ink">
                {m.item_facts()}
              </h2>
              <dl className="mt-4 space-y-4">
                {post.fields.map((field) => (
                  <div key={field.label}>
                    <dt className="text-sm font-bold text-ink-muted">{field.label}</dt>
                    <dd className="mt-1 text-ink">{field.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </aside>
        )}
        <div className="cms-html max-w-3xl min-w-0 text-lg" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
      </div>
      {listing && label && (
        <p className="mt-14 border-t border-line pt-8">
          <CmsLink href={listing} internal className="font-bold text-link hover:underline">
            ← {m.item_back_to_listing({ listing: label })}
          </CmsLink>
        </p>
      )}
    </article>
  )
}
