import { HeadsetIcon } from '../../ui/icons'
import { useShell } from '../../ui/shell-state'
import { Button } from '../../ui/aria/Button'
import { blockHeadings } from '../headings'
import type { SupportModalTriggerData } from '../../contract/sections/support-modal-trigger'

export function SupportModalTrigger({ data, headingLevel }: { data: SupportModalTriggerData; headingLevel: 1 | 2 }) {
  const { setSupportOpen } = useShell()
  const { Heading } = blockHeadings(headingLevel, Boolean(data.heading))
  return (
    <section className="mx-auto max-w-site px-4 py-10 sm:px-6">
      <div className="flex flex-col items-start gap-5 rounded-3xl bg-tint p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10">
        <div className="flex items-start gap-4">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-white">
            <HeadsetIcon size={26} />
          </span>
          <div>
            {data.heading && <Heading className="text-2xl font-black text-ink">{data.heading}</Heading>}
            {data.text && <p className="mt-1 max-w-2xl text-ink-soft">{data.text}</p>}
          </div>
        </div>
        <Button variant="primary" onPress={() => setSupportOpen(true)} className="shrink-0">
          {data.button_label}
        </Button>
      </div>
    </section>
  )
}
