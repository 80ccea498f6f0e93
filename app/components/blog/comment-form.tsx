/**
 * Requirements §7: the comment form under an article, posted through a server function to the
 * backend's `wp-comments-post.php`. Loaded when it comes near the viewport (an island):
 * the article itself needs no form code.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Form } from 'react-aria-components'
import { siteConfig } from '../../config/site'
import { isLocale } from '../../lib/url'
import { m } from '../../paraglide/messages'
import { getLocale } from '../../paraglide/runtime'
import { postComment } from '../../server/enquiries/comments.functions'
import { HoneypotField, useBotTrap } from '../../forms/bot-trap'
import type { CommentOutcome } from '../../contract/model'
import { useUnsavedChangesPrompt } from '../../forms/use-unsaved-changes'
import { Button } from '../../ui/aria/Button'
import { AriaProviders } from '../../ui/aria/aria-providers'
import { TextField } from '../../ui/aria/TextField'
import { reloadAfterChunkError } from '../../ui/chunk-reload'

const failure: Record<Exclude<CommentOutcome, { ok: true }>['reason'], () => string> = {
  required: () => m.comment_error_required(),
  email: () => m.comment_error_email(),
  empty: () => m.comment_error_empty(),
  'too-long': () => m.comment_error_too_long(),
  duplicate: () => m.comment_error_duplicate(),
  flood: () => m.comment_error_flood(),
  closed: () => m.comment_error_closed(),
  unavailable: () => m.comment_error_unavailable(),
}

export default function CommentForm({ postId }: { postId: string }) {
  const [state, setState] = useState<'idle' | 'submitting' | 'sent'>('idle')
  const [error, setError] = useState<string | null>(null)
  const [key, setKey] = useState(0)
  // Requirements §4: leaving with a half-written comment asks first.
  const [dirty, setDirty] = useState(false)
  // The server's markup of this island is inert until its code is here: typing into it would be lost.
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  const botTrap = useBotTrap()
  useUnsavedChangesPrompt(dirty && state !== 'submitting')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const locale = getLocale()
    setState('submitting')
    setError(null)
    try {
      const proof = await botTrap.proof()
      const outcome = await postComment({
        data: {
          ...proof,
          locale: isLocale(locale) ? locale : 'en',
          postId,
          author: String(data.get('author') ?? ''),
          email: String(data.get('email') ?? ''),
          comment: String(data.get('comment') ?? ''),
        },
      })
      if (outcome.ok) {
        setState('sent')
        setDirty(false)
        setKey((value) => value + 1)
      } else {
        setState('idle')
        setError(failure[outcome.reason]())
      }
    } catch (error) {
      // The request's code failing to load (a newer deploy removed it) reloads the page (requirements §8, decision 062).
      reloadAfterChunkError(error)
      setState('idle')
      setError(m.comment_error_unavailable())
    }
  }

  return (
    <AriaProviders>
      <div className="mt-10">
        <h3 className="text-xl font-bold text-ink">{m.comment_form_heading()}</h3>
        <p className="mt-1 text-sm text-ink-muted">{m.comment_email_note()}</p>
        <div role="status" aria-live="polite" className="mt-4 empty:hidden">
          {state === 'sent' && <p className="rounded-xl bg-success-tint p-4 font-bold text-on-success">{m.comment_pending()}</p>}
        </div>
        {error && (
          <p role="alert" className="mt-4 rounded-xl bg-danger-tint p-4 font-bold text-danger">
            {error}
          </p>
        )}
        <div
          onInput={(event) => {
            const form = event.currentTarget.querySelector('form')
            if (form) setDirty(Array.from(new FormData(form).values()).some((value) => String(value).trim() !== ''))
          }}
        >
          <Form key={key} onSubmit={submit} className="mt-4" validationBehavior="native" aria-busy={ready ? undefined : true}>
            <fieldset disabled={!ready} className="m-0 grid min-w-0 gap-4 border-0 p-0 sm:grid-cols-2">
              <HoneypotField inputRef={botTrap.honeypot} />
              <TextField
                name="author"
                isRequired
                maxLength={siteConfig.comments.maxAuthorLength}
                label={m.comment_name()}
                autoComplete="name"
                errorMessage={m.field_required()}
              />
              <TextField
                name="email"
                type="email"
                isRequired
                maxLength={siteConfig.comments.maxEmailLength}
                label={m.comment_email()}
                autoComplete="email"
                errorMessage={({ validationDetails }) => (validationDetails.valueMissing ? m.field_required() : m.comment_error_email())}
              />
              <TextField
                name="comment"
                isRequired
                maxLength={siteConfig.comments.maxContentLength}
                label={m.comment_text()}
                multiline
                inputClassName="min-h-36"
                errorMessage={m.field_required()}
                className="sm:col-span-2"
              />
              <div className="sm:col-span-2">
                <Button type="submit" variant="primary" isDisabled={state === 'submitting'}>
                  {state === 'submitting' ? m.comment_sending() : m.comment_submit()}
                </Button>
              </div>
            </fieldset>
          </Form>
        </div>
      </div>
    </AriaProviders>
  )
}
