import { PostCard } from '../../ui/blog/post-card'
import { useSectionPage } from '../page-context'
import type { BlogTeaserData } from '../../contract/sections/blog-teaser'

export function BlogTeaser({ data, headingLevel }: { data: BlogTeaserData; headingLevel: 1 | 2 }) {
  const posts = useSectionPage()?.recentPosts ?? []
  if (posts.length === 0) return null
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section className="mx-auto max-w-site px-4 py-16 sm:px-6">
      {data.heading && <Heading className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{data.heading}</Heading>}
      <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {posts.slice(0, 3).map((post) => (
          <li key={post.id} className="flex">
            <PostCard post={post} headingLevel={data.heading ? 3 : 2} />
          </li>
        ))}
      </ul>
    </section>
  )
}
