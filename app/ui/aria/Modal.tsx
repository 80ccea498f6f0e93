import { Modal as AriaModal, ModalOverlay, type ModalOverlayProps } from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'

// The page behind is dimmed, not blurred: a backdrop blur is painted again with every frame
// the dialog changes, which doubled a key press's latency in the search field on a phone's CPU
// (docs/decisions/060).
export const overlayStyles = tv({
  base: 'fixed inset-0 z-50 flex',
  variants: {
    placement: {
      center: 'items-start justify-center overflow-y-auto bg-slate-950/60 p-4 pt-[10vh]',
      drawer: 'justify-end bg-slate-950/60',
      top: 'items-start justify-center bg-slate-950/60 p-4 pt-20',
      /** The chat panel: the whole screen on phones, a panel in the bottom corner from sm up. */
      corner: 'items-end justify-end bg-ink/30 sm:p-6',
    },
    isEntering: { true: 'motion-safe:animate-[overlay-in_150ms_ease-out]' },
  },
})

export const modalStyles = tv({
  base: 'bg-surface-raised shadow-2xl outline-none',
  variants: {
    placement: {
      center: 'w-full rounded-2xl p-6 sm:p-8',
      drawer: 'h-full w-full max-w-sm overflow-y-auto p-6',
      top: 'w-full max-w-2xl rounded-2xl p-6 sm:p-8',
      corner: 'flex h-dvh w-full flex-col p-5 sm:h-[min(36rem,calc(100dvh-3rem))] sm:max-w-sm sm:rounded-2xl',
    },
    isWide: { true: '' },
  },
  // One width for a centred dialog (docs/decisions/065): a wide one holds a form of two columns.
  compoundVariants: [
    { placement: 'center', isWide: false, class: 'max-w-lg' },
    { placement: 'center', isWide: true, class: 'max-w-2xl' },
  ],
})

export interface ModalProps extends Omit<ModalOverlayProps, 'className'> {
  placement?: 'center' | 'drawer' | 'top' | 'corner'
  /** A centred dialog as wide as the search's, for a form (the support request). */
  isWide?: boolean
}

/** A modal overlay: focus is trapped inside, Escape and an outside press close it, focus returns to the trigger. */
export function Modal({ placement = 'center', isWide = false, ...props }: ModalProps) {
  return (
    <ModalOverlay {...props} isDismissable className={({ isEntering }) => overlayStyles({ placement, isEntering })}>
      <AriaModal className={modalStyles({ placement, isWide })}>{props.children}</AriaModal>
    </ModalOverlay>
  )
}
