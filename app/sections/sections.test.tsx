// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { sanitizeSectionData } from '../contract/reshape-json'
import type { ContentPage } from '../contract/model'
import { CallToAction } from './call-to-action/call-to-action'
import { Cards } from './cards/cards'
import { Faq } from './faq/faq'
import { RenderSections } from './render-sections'
import { Statistics } from './statistics/statistics'
import { Testimonials } from './testimonials/testimonials'

afterEach(cleanup)

describe('section blocks', () => {
  it('cards: render their items, and nothing without items', () => {
    render(<Cards data={{ heading: 'What we do', items: [{ title: 'Help desk', text: 'Unlimited' }] }} headingLevel={2} />)
    expect(screen.getByRole('heading', { level: 2, name: 'What we do' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 3, name: 'Help desk' })).toBeTruthy()
    cleanup()
    const { container } = render(<Cards data={{ items: [] }} headingLevel={2} />)
    expect(container.innerHTML).toBe('')
  })

  it('faq: an accordion with FAQPage JSON-LD that CMS text cannot break out of', () => {
    const data = sanitizeSectionData({
      items: [
        {
          question: 'Is it </script><script>alert(1)</script> safe?',
          answer_html: '<p>Yes<script>alert(2)</script><img src=x onerror=alert(3)></p>',
        },
        { question: 'Price &amp; Webb?', answer_html: '<p>Tom &amp; Jerry &amp;lt;3 &lt;b&gt;</p>' },
      ],
    })
    const { container } = render(<Faq data={{ items: data.items as Array<{ question: string; answer_html: string }> }} headingLevel={2} />)
    // Closed native disclosures, one group: the question a heading inside each summary (h2 without a section heading).
    const items = container.querySelectorAll('details')
    expect(items).toHaveLength(2)
    expect([...items].map((item) => item.open)).toEqual([false, false])
    expect(new Set([...items].map((item) => item.getAttribute('name'))).size).toBe(1)
    expect(screen.getByRole('heading', { level: 2, name: /Is it/ }).closest('summary')).not.toBeNull()
    const script = container.querySelector('script[type="application/ld+json"]')
    expect(script?.textContent).not.toContain('</script>')
    const json = JSON.parse(script?.textContent ?? '{}') as {
      '@type': string
      mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }>
    }
    expect(json['@type']).toBe('FAQPage')
    expect(json.mainEntity[0]?.name).toContain('</script>')
    expect(json.mainEntity[0]?.acceptedAnswer.text).toBe('Yes')
    // Text is decoded once: in the question (by reshape) and in the answer's HTML.
    expect(json.mainEntity[1]?.name).toBe('Price & Webb?')
    expect(json.mainEntity[1]?.acceptedAnswer.text).toBe('Tom & Jerry &lt;3 <b>')
    expect(container.querySelectorAll('script')).toHaveLength(1)
    expect(container.innerHTML).not.toContain('onerror')
  })

  it('call to action, statistics and testimonials render their data', () => {
    render(
      <>
        <CallToAction data={{ heading: 'Ready?', button: { label: 'Book', url: 'https://example.org/book' } }} headingLevel={2} />
        <Statistics data={{ items: [{ value: '180', label: 'Clients' }] }} headingLevel={2} />
        <Testimonials data={{ items: [{ quote: 'Great', name: 'Rachel' }] }} headingLevel={2} />
      </>,
    )
    expect(screen.getByRole('link', { name: 'Book' }).getAttribute('href')).toBe('https://example.org/book')
    expect(screen.getByText('180')).toBeTruthy()
    expect(screen.getByText('“Great”')).toBeTruthy()
  })

  it('a call to action with an unsafe URL renders no link', () => {
    render(<CallToAction data={{ heading: 'Ready?', button: { label: 'Book', url: 'javascript:alert(1)' } }} headingLevel={2} />)
    expect(screen.queryByRole('link')).toBeNull()
  })
})

describe('RenderSections', () => {
  it('renders sections in order and skips a layout no block knows', async () => {
    const { container } = render(
      <RenderSections
        firstIsTitle={false}
        sections={[
          { key: 'a', layout: 'statistics', animate: false, data: { items: [{ value: '1', label: 'First' }] } },
          { key: 'b', layout: 'no_such_block', animate: false, data: { heading: 'Never' } },
          { key: 'd', layout: 'testimonials', animate: false, data: { items: [{ quote: 'Second', name: 'N' }] } },
        ]}
      />,
    )
    expect(await screen.findByText('First')).toBeTruthy()
    expect(await screen.findByText('“Second”')).toBeTruthy()
    expect(screen.queryByText('Never')).toBeNull()
    expect([...container.querySelectorAll('[data-section]')].map((element) => element.getAttribute('data-section'))).toEqual([
      'statistics',
      'testimonials',
    ])
  })
})

describe('more section blocks', () => {
  it('services grid, process steps, pricing plans, team, partner logos, image with text and the support-modal trigger render their data', async () => {
    const { ServicesGrid } = await import('./services-grid/services-grid')
    const { ProcessSteps } = await import('./process-steps/process-steps')
    const { PricingPlans } = await import('./pricing-plans/pricing-plans')
    const { Team } = await import('./team/team')
    const { PartnerLogos } = await import('./partner-logos/partner-logos')
    const { ImageWithText } = await import('./image-with-text/image-with-text')
    const { SupportModalTrigger } = await import('./support-modal-trigger/support-modal-trigger')
    const { ShellProvider } = await import('../ui/shell-state')
    const { teamSchema } = await import('../contract/sections/team')
    const { partnerLogosSchema } = await import('../contract/sections/partner-logos')
    const { imageWithTextSchema } = await import('../contract/sections/image-with-text')
    const { pricingPlansSchema } = await import('../contract/sections/pricing-plans')
    render(
      <>
        <ServicesGrid data={{ heading: 'Included', services: [{ title: 'Help desk', text: 'Unlimited' }] }} headingLevel={2} />
        <ProcessSteps data={{ steps: [{ title: 'Audit', text: 'Week one' }] }} headingLevel={2} />
        <PricingPlans
          data={pricingPlansSchema.parse({
            plans: [
              {
                name: 'Complete',
                price: '£49',
                features: ['On-site'],
                highlighted: true,
                cta: { label: 'Quote', url: 'https://example.org/quote' },
              },
            ],
          })}
          headingLevel={2}
        />
        <Team data={teamSchema.parse({ members: [{ name: 'Priya', role: 'Lead' }] })} headingLevel={2} />
        <PartnerLogos
          data={partnerLogosSchema.parse({ logos: [{ name: 'Dell', logo: { url: '/dell.svg', width: 128, height: 48 } }] })}
          headingLevel={2}
        />
        <ImageWithText
          data={imageWithTextSchema.parse({
            heading: 'Known by name',
            body_html: '<p>Body</p>',
            image: { url: '/a.svg', width: 1200, height: 800 },
          })}
          headingLevel={2}
        />
        <ShellProvider>
          <SupportModalTrigger data={{ heading: 'Something broken?', button_label: 'Send us a message' }} headingLevel={2} />
        </ShellProvider>
      </>,
    )
    for (const text of ['Help desk', 'Audit', '£49', 'On-site', 'Priya', 'Known by name', 'Something broken?', 'Send us a message'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0)
    expect(screen.getByRole('heading', { level: 3, name: 'Help desk' })).toBeTruthy()
  })

  it('empty lists render nothing', async () => {
    const { ServicesGrid } = await import('./services-grid/services-grid')
    const { container } = render(<ServicesGrid data={{ services: [] }} headingLevel={2} />)
    expect(container.innerHTML).toBe('')
  })
})

describe('hero, rich text and blog teaser', () => {
  it('hero: heading, text and links; partial data renders no empty link row; the background image is set behind the text', async () => {
    const { Hero } = await import('./hero/hero')
    const { heroSchema } = await import('../contract/sections/hero')
    const { container } = render(
      <Hero
        data={heroSchema.parse({
          heading: 'Your IT, handled',
          text: 'Fast support',
          cta: { label: 'Book', url: 'https://example.org/book' },
          background_image: { url: '/images/heroes/x.svg', width: 1920, height: 720 },
        })}
        headingLevel={1}
      />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Your IT, handled' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Book' }).getAttribute('href')).toBe('https://example.org/book')
    const background = container.querySelector<HTMLImageElement>('[data-background] img[data-background-image]')
    expect(background?.getAttribute('src')).toBe('/images/heroes/x.svg')
    expect(background?.getAttribute('alt')).toBe('')
    expect(background?.getAttribute('fetchpriority')).toBe('high')
    cleanup()
    // A photo with generated sizes: the browser picks the width it needs.
    const photo = render(
      <Hero
        data={heroSchema.parse({
          heading: 'Your IT, handled',
          background_image: {
            url: '/images/heroes/x.webp',
            width: 2400,
            height: 1260,
            srcset: [{ url: '/images/_sizes/heroes/x-768w.webp', width: 768, height: 403 }],
          },
        })}
        headingLevel={1}
      />,
    )
    const layer = photo.container.querySelector<HTMLImageElement>('img[data-background-image]')
    expect(layer?.getAttribute('srcset')).toBe('/images/_sizes/heroes/x-768w.webp 768w, /images/heroes/x.webp 2400w')
    expect(layer?.getAttribute('sizes')).toBe('100vw')
    cleanup()
    const partial = render(
      <Hero data={heroSchema.parse({ heading: 'Only a heading', cta: { label: 'Bad', url: 'javascript:alert(1)' } })} headingLevel={2} />,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Only a heading' })).toBeTruthy()
    expect(partial.container.querySelector('a')).toBeNull()
    expect(partial.container.querySelector('[data-background]')).toBeNull()
  })

  it('rich text: hostile CMS HTML is neutralized before it renders', async () => {
    const { RichText } = await import('./rich-text/rich-text')
    const data = sanitizeSectionData({
      heading: 'Policy',
      body_html:
        '<p onclick="alert(1)">Hello<script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">link</a></p><style>body{display:none}</style>',
    })
    const { container } = render(<RichText data={data as { heading: string; body_html: string }} headingLevel={2} />)
    const html = container.innerHTML
    expect(screen.getByText('Hello')).toBeTruthy()
    for (const hostile of ['<script', 'onerror', 'onclick', 'javascript:', '<style']) expect(html).not.toContain(hostile)
  })

  it('blog teaser: the page’s recent posts, and nothing without any', async () => {
    const { BlogTeaser } = await import('./blog-teaser/blog-teaser')
    const { SectionPageContext } = await import('./page-context')
    const empty = render(<BlogTeaser data={{ heading: 'From the blog' }} headingLevel={2} />)
    expect(empty.container.innerHTML).toBe('')
    cleanup()
    const post = {
      id: '1',
      slug: 'backups',
      title: 'Five signs your backups will not restore',
      excerptHtml: '<p>Restore tests</p>',
      date: '2026-10-14',
      modified: null,
      author: 'Tom',
      featuredImage: null,
      categories: [],
      tags: [],
      readingMinutes: 2,
    }
    const page = { recentPosts: [post] } as unknown as ContentPage
    const { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } = await import('@tanstack/react-router')
    const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() })
    render(
      <RouterContextProvider router={router}>
        <SectionPageContext.Provider value={{ page, ownOrigins: [] }}>
          <BlogTeaser data={{ heading: 'From the blog' }} headingLevel={2} />
        </SectionPageContext.Provider>
      </RouterContextProvider>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'From the blog' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 3, name: 'Five signs your backups will not restore' })).toBeTruthy()
  })

  it('section links to the site’s own origins are app routes, as menu links are', async () => {
    const { SectionPageContext } = await import('./page-context')
    const { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } = await import('@tanstack/react-router')
    const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() })
    const page = {} as unknown as ContentPage
    render(
      <RouterContextProvider router={router}>
        <SectionPageContext.Provider value={{ page, ownOrigins: ['https://cms.kestrel-it.example'] }}>
          <CallToAction
            data={{ heading: 'Ready?', button: { label: 'Book', url: 'https://cms.kestrel-it.example/de/contact/' } }}
            headingLevel={2}
          />
          <CallToAction
            data={{ heading: 'Elsewhere', button: { label: 'Partner', url: 'https://partner.example/contact' } }}
            headingLevel={2}
          />
        </SectionPageContext.Provider>
      </RouterContextProvider>,
    )
    expect(screen.getByRole('link', { name: 'Book' }).getAttribute('href')).toBe('/contact')
    expect(screen.getByRole('link', { name: 'Partner' }).getAttribute('href')).toBe('https://partner.example/contact')
  })
})
