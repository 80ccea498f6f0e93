import type { ProcessStepsData } from '../../contract/sections/process-steps'
import { blockHeadings } from '../headings'

export function ProcessSteps({ data, headingLevel }: { data: ProcessStepsData; headingLevel: 1 | 2 }) {
  if (data.steps.length === 0) return null
  const { Heading, Item: Step } = blockHeadings(headingLevel, Boolean(data.heading))
  return (
    <section className="mx-auto max-w-site px-4 py-16 sm:px-6">
      {data.heading && <Heading className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{data.heading}</Heading>}
      <ol className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-4">
        {data.steps.map((step, index) => (
          <li key={step.title} className="relative pl-14">
            <span
              aria-hidden="true"
              className="absolute top-0 left-0 flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-black text-white"
            >
              {index + 1}
            </span>
            <Step className="text-lg font-bold text-ink">{step.title}</Step>
            <p className="mt-1 text-ink-soft">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
