import type { ReactNode } from 'react'
import { Dialog as AriaDialog, Heading, type DialogProps } from 'react-aria-components'
import { cx } from 'tailwind-variants/lite'
import { CloseIcon } from '../icons'
import { Button } from './Button'

export interface SiteDialogProps extends Omit<DialogProps, 'children'> {
  title: ReactNode
  closeLabel: string
  children: ReactNode | ((options: { close: () => void }) => ReactNode)
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean
}

/** A dialog with a heading that names it and a close button; used inside a Modal. */
export function Dialog({ title, closeLabel, children, className, hideTitle = false, ...props }: SiteDialogProps) {
  return (
    <AriaDialog {...props} className={cx('relative outline-none', className)}>
      {({ close }) => (
        <>
          <div className="flex items-start justify-between gap-4">
            <Heading slot="title" className={hideTitle ? 'sr-only' : 'text-2xl font-black tracking-tight text-ink'}>
              {title}
            </Heading>
            <Button variant="icon" aria-label={closeLabel} onPress={close} className="-mt-2 -mr-2 shrink-0">
              <CloseIcon />
            </Button>
          </div>
          {typeof children === 'function' ? children({ close }) : children}
        </>
      )}
    </AriaDialog>
  )
}
