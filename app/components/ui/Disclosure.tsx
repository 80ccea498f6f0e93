import { useContext, type ReactNode } from 'react'
import {
  Button,
  Disclosure as AriaDisclosure,
  DisclosureGroup as AriaDisclosureGroup,
  DisclosurePanel as AriaDisclosurePanel,
  DisclosureStateContext,
  Heading,
  type DisclosureGroupProps as AriaDisclosureGroupProps,
  type DisclosurePanelProps as AriaDisclosurePanelProps,
  type DisclosureProps as AriaDisclosureProps,
} from 'react-aria-components'
import { tv } from 'tailwind-variants'
import { ChevronDownIcon } from '../icons'
import { composeTailwindRenderProps, focusRing } from './utils'

/** Items stacked in one bordered box, a line between each. */
export function DisclosureGroup(props: AriaDisclosureGroupProps) {
  return (
    <AriaDisclosureGroup
      {...props}
      className={composeTailwindRenderProps(props.className, 'divide-y divide-line rounded-2xl border border-line')}
    />
  )
}

export function Disclosure(props: AriaDisclosureProps) {
  return <AriaDisclosure {...props} className={composeTailwindRenderProps(props.className, 'group')} />
}

const triggerStyles = tv({
  extend: focusRing,
  // The ring sits inside the item (the group's border would cut an outside one), rounded
  // like the group's corners on the first item and on a closed last one.
  base: 'flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-lg font-bold text-ink -outline-offset-3 group-first:rounded-t-2xl',
  variants: {
    isExpanded: { false: 'group-last:rounded-b-2xl' },
  },
})

const chevronStyles = tv({
  base: 'shrink-0 text-link transition-transform motion-reduce:transition-none',
  variants: {
    isExpanded: { true: 'rotate-180' },
  },
})

export interface DisclosureHeaderProps {
  children: ReactNode
  /** The heading level the question takes in the page's outline. */
  level: number
}

/** The question: a heading holding the button that opens and closes the panel (Enter or Space). */
export function DisclosureHeader({ children, level }: DisclosureHeaderProps) {
  const isExpanded = useContext(DisclosureStateContext)?.isExpanded ?? false
  return (
    <Heading level={level} className="m-0">
      <Button slot="trigger" className={(renderProps) => triggerStyles({ ...renderProps, isExpanded })}>
        {children}
        <ChevronDownIcon size={20} className={chevronStyles({ isExpanded })} />
      </Button>
    </Heading>
  )
}

export interface DisclosurePanelProps extends AriaDisclosurePanelProps {
  children: ReactNode
}

/**
 * The answer. The padding is on an inner box: a closed panel is hidden with
 * `hidden="until-found"` (its text stays findable), which keeps the panel's own box, so
 * padding there would leave a gap under every closed item.
 */
export function DisclosurePanel({ children, ...props }: DisclosurePanelProps) {
  return (
    <AriaDisclosurePanel {...props}>
      <div className="px-5 pb-5">{children}</div>
    </AriaDisclosurePanel>
  )
}
