/**
 * A page of section blocks (requirements §3 content.sections): the page's title band when no hero
 * opens it, its sections, and the page's own HTML content.
 */
import type { ContentPage, PageData } from '../contract/model'
import { SectionPageContext } from '../sections/page-context'
import { RenderSections } from '../sections/render-sections'
import { Image } from '../ui/image'

export function SectionsContent({ data, page }: { data: PageData; page: ContentPage }) {
  const heroFirst = page.sections[0]?.layout === 'hero'
  return (
    <>
      {!heroFirst && (
        <header className="border-b border-line-subtle bg-gradient-to-b from-tint to-surface">
          <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
            <h1 className="text-4xl font-black tracking-tight text-ink sm:text-5xl">{page.title}</h1>
            {page.meta.description && <p className="mt-4 text-lg text-ink-soft">{page.meta.description}</p>}
          </div>
          {page.featuredImage && (
            <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
              <Image
                image={page.featuredImage}
                priority
                sizes="(min-width: 1024px) 64rem, 100vw"
                className="w-full rounded-2xl object-cover"
              />
            </div>
          )}
        </header>
      )}
      <SectionPageContext.Provider value={{ page, ownOrigins: data.options.ownOrigins }}>
        <RenderSections sections={page.sections} firstIsTitle={heroFirst} />
      </SectionPageContext.Provider>
      {page.pageContentHtml && (
        <div className="cms-html mx-auto max-w-3xl px-4 py-8 sm:px-6" dangerouslySetInnerHTML={{ __html: page.pageContentHtml }} />
      )}
    </>
  )
}
