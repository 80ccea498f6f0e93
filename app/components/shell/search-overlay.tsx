/**
 * SPEC §2: submitting non-empty text navigates to the root path with `s` set, then
 * closes the overlay and clears the input. Empty text is refused with a message.
 * Escape closes it; focus returns to the search icon (React Aria restores it).
 */
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { FieldError, Input, Label, TextField } from 'react-aria-components'
import { m } from '../../paraglide/messages'
import { SearchIcon } from '../icons'
import { Button } from '../ui/Button'
import { Dialog } from '../ui/Dialog'
import { Modal } from '../ui/Modal'
import { useShell } from './shell-state'

export function SearchOverlay() {
  const { searchOpen, setSearchOpen } = useShell()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)

  function close() {
    setSearchOpen(false)
    setText('')
    setError(null)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const query = text.trim()
    if (query === '') {
      setError(m.search_empty())
      return
    }
    close()
    void navigate({ to: '/', search: { s: query } })
  }

  return (
    <Modal isOpen={searchOpen} onOpenChange={(open) => (open ? setSearchOpen(true) : close())} placement="top">
      <Dialog title={m.search_title()} closeLabel={m.close()}>
        <form role="search" onSubmit={submit} noValidate className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            value={text}
            onChange={(value) => {
              setText(value)
              if (error) setError(null)
            }}
            isInvalid={error !== null}
            validationBehavior="aria"
            autoFocus
            className="flex flex-1 flex-col gap-1"
          >
            <Label className="sr-only">{m.search_label()}</Label>
            <Input
              type="search"
              enterKeyHint="search"
              placeholder={m.search_placeholder()}
              className="w-full rounded-full border-2 border-slate-300 px-5 py-3 text-lg text-ink outline-none placeholder:text-slate-500 focus:border-brand-600 invalid:border-danger"
            />
            <FieldError className="px-5 text-sm font-bold text-danger">{error}</FieldError>
          </TextField>
          <Button type="submit" variant="primary" className="py-3.5">
            <SearchIcon size={20} />
            {m.search_submit()}
          </Button>
        </form>
      </Dialog>
    </Modal>
  )
}
