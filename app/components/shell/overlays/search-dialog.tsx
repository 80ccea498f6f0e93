/**
 * Requirements §2: submitting non-empty text navigates to the root path with `s` set, then
 * closes the overlay and clears the input. Empty text is refused with a message.
 * Escape closes it; focus returns to the search icon (React Aria restores it).
 */
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { m } from '../../../paraglide/messages'
import { SearchIcon } from '../../../ui/icons'
import { AriaProviders } from '../../../ui/aria/aria-providers'
import { Button } from '../../../ui/aria/Button'
import { Dialog } from '../../../ui/aria/Dialog'
import { Modal } from '../../../ui/aria/Modal'
import { TextField } from '../../../ui/aria/TextField'

/** The search text's field in the overlay's form, read when it is submitted. */
const FIELD = 's'

export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get(FIELD)
    const query = typeof value === 'string' ? value.trim() : ''
    if (query === '') {
      setError(m.search_empty())
      return
    }
    // Closing unmounts the dialog, which clears its input.
    onClose()
    void navigate({ to: '/', search: { s: query } })
  }

  return (
    <AriaProviders>
      <Modal isOpen onOpenChange={(open) => !open && onClose()} placement="top">
        <Dialog title={m.search_title()} closeLabel={m.close()}>
          <form role="search" onSubmit={submit} noValidate className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              type="search"
              name={FIELD}
              // Uncontrolled: a key press re-renders the field, not the whole dialog.
              onChange={() => error && setError(null)}
              isInvalid={error !== null}
              validationBehavior="aria"
              autoFocus
              label={m.search_label()}
              hideLabel
              placeholder={m.search_placeholder()}
              enterKeyHint="search"
              errorMessage={error}
              shape="pill"
              inputClassName="placeholder:text-ink-muted"
              className="flex-1"
            />
            <Button type="submit" variant="primary" padding="px-6 py-3.5">
              <SearchIcon size={20} />
              {m.search_submit()}
            </Button>
          </form>
        </Dialog>
      </Modal>
    </AriaProviders>
  )
}
