/**
 * The built-in chat (requirements §11.4): a dialog whose messages go through a server function to
 * the backend, which keeps them as a support ticket and answers. Loaded on demand by the
 * launcher (chat-launcher.tsx). Focus goes to the message field on open and back to the
 * launcher on close (React Aria's Modal); Escape closes. New messages are announced (the
 * conversation is a `log` live region). Offline, or with the backend down, the panel
 * says so and points to the support form.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { siteConfig } from '../../config/site'
import { isLocale, localizePath } from '../../lib/url'
import { m } from '../../paraglide/messages'
import { getLocale } from '../../paraglide/runtime'
import { sendChatMessage } from '../../server/enquiries/chat.functions'
import { AriaProviders } from '../../ui/aria/aria-providers'
import { Button } from '../../ui/aria/Button'
import { Dialog } from '../../ui/aria/Dialog'
import { Modal } from '../../ui/aria/Modal'
import { TextField } from '../../ui/aria/TextField'
import { reloadAfterChunkError } from '../../ui/chunk-reload'

interface ChatMessage {
  id: number
  from: 'visitor' | 'agent'
  text: string
}

interface Conversation {
  ticket?: string
  token?: string
  messages: ChatMessage[]
}

const limit = siteConfig.chat.maxMessageLength

/** The conversation of this tab (sessionStorage: the visitor allowed functional storage to open the chat). */
function restore(): Conversation {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(siteConfig.chat.storageKey) ?? 'null')
    if (stored && typeof stored === 'object' && 'messages' in stored && Array.isArray(stored.messages)) {
      const { ticket, token, messages } = stored as Conversation
      return {
        ticket: typeof ticket === 'string' ? ticket : undefined,
        token: typeof token === 'string' ? token : undefined,
        messages: messages.filter(
          (message): message is ChatMessage =>
            typeof message?.text === 'string' && (message.from === 'visitor' || message.from === 'agent') && typeof message.id === 'number',
        ),
      }
    }
  } catch {
    // Private mode or a damaged entry: a new conversation.
  }
  return { messages: [] }
}

function keep(conversation: Conversation) {
  try {
    sessionStorage.setItem(siteConfig.chat.storageKey, JSON.stringify({ ...conversation, messages: conversation.messages.slice(-100) }))
  } catch {
    // Not kept: the conversation lasts as long as the panel.
  }
}

export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const current = getLocale()
  const locale = isLocale(current) ? current : 'en'
  const [conversation, setConversation] = useState<Conversation>(restore)
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false)
  const [sending, setSending] = useState(false)
  const end = useRef<HTMLLIElement>(null)
  const form = useRef<HTMLFormElement>(null)

  useEffect(() => {
    const goOffline = () => setOffline(true)
    const goOnline = () => setOffline(false)
    window.addEventListener('offline', goOffline)
    window.addEventListener('online', goOnline)
    return () => {
      window.removeEventListener('offline', goOffline)
      window.removeEventListener('online', goOnline)
    }
  }, [])

  // Braces: scrollIntoView returns a promise in newer browsers, and an effect may return only a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' })
  }, [conversation.messages.length])

  const append = (next: Conversation) => {
    setConversation(next)
    keep(next)
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const text = draft.trim()
    if (!text) return setError(m.chat_error_empty())
    if (text.length > limit) return setError(m.chat_error_too_long({ max: limit }))
    if (navigator.onLine === false) return setOffline(true)
    setError(null)
    setSending(true)
    const nextId = (conversation.messages.at(-1)?.id ?? 0) + 1
    const withVisitor: Conversation = { ...conversation, messages: [...conversation.messages, { id: nextId, from: 'visitor', text }] }
    try {
      const answer = await sendChatMessage({
        data: { locale, message: text, ticket: conversation.ticket, token: conversation.token, pageUrl: location.pathname },
      })
      if (answer.status === 'reply') {
        setDraft('')
        setOffline(false)
        append({
          ticket: answer.ticket,
          token: answer.token,
          messages: [...withVisitor.messages, { id: nextId + 1, from: 'agent', text: answer.reply }],
        })
      } else if (answer.reason === 'offline' || answer.reason === 'full') {
        setOffline(true)
        if (answer.reason === 'full') setError(answer.message)
      } else setError(answer.message)
    } catch (error) {
      // The site itself did not answer (a network failure): the same as the backend being down.
      // The request's code failing to load (a newer deploy removed it) reloads the page (requirements §8, decision 062).
      reloadAfterChunkError(error)
      setOffline(true)
    } finally {
      setSending(false)
    }
  }

  return (
    <AriaProviders>
      <Modal isOpen onOpenChange={(isOpen) => !isOpen && onClose()} placement="corner">
        <Dialog title={m.chat_title()} closeLabel={m.close()} className="flex min-h-0 flex-1 flex-col" data-testid="chat-panel">
          <p className="mt-1 text-sm text-ink-soft">{m.chat_intro()}</p>
          <div
            role="log"
            aria-label={m.chat_title()}
            className="mt-4 min-h-0 flex-1 overflow-y-auto rounded-xl bg-slate-50 p-3"
            data-testid="chat-log"
          >
            <ol className="flex flex-col gap-3">
              {conversation.messages.map((message) => (
                <li
                  key={message.id}
                  className={
                    message.from === 'visitor'
                      ? 'max-w-[85%] self-end rounded-2xl rounded-ee-sm bg-brand-700 px-3 py-2 text-white'
                      : 'max-w-[85%] self-start rounded-2xl rounded-es-sm border border-slate-200 bg-white px-3 py-2 text-ink'
                  }
                  data-from={message.from}
                >
                  <span className="sr-only">{message.from === 'visitor' ? m.chat_you() : m.chat_agent()}: </span>
                  <span className="break-words whitespace-pre-line">{message.text}</span>
                </li>
              ))}
              <li ref={end} aria-hidden="true" className="h-px shrink-0" />
            </ol>
          </div>
          {offline && (
            <div
              role="alert"
              className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="chat-offline"
            >
              <p>{m.chat_offline()}</p>
              <a
                href={localizePath(siteConfig.chat.supportPath, locale)}
                className="mt-2 inline-block font-bold text-brand-800 underline underline-offset-2"
              >
                {m.chat_use_support_form()}
              </a>
            </div>
          )}
          <form ref={form} onSubmit={send} className="mt-3 flex items-end gap-2" noValidate>
            <TextField
              label={m.chat_input_label()}
              hideLabel
              multiline
              autoFocus
              value={draft}
              onChange={(value) => {
                setDraft(value)
                if (error) setError(null)
              }}
              onKeyDown={(event) => {
                // Enter sends, Shift+Enter starts a new line (as in every chat).
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault()
                  form.current?.requestSubmit()
                  // React Aria stops a handled key here; every other key (Escape closes the dialog) goes on.
                } else event.continuePropagation()
              }}
              placeholder={m.chat_input_label()}
              isInvalid={error !== null}
              errorMessage={error}
              className="min-w-0 flex-1"
              inputClassName="h-20 resize-none"
            />
            <Button type="submit" variant="primary" isDisabled={sending} padding="px-4 py-2.5" className="mb-0.5 text-sm">
              {m.chat_send()}
            </Button>
          </form>
        </Dialog>
      </Modal>
    </AriaProviders>
  )
}
