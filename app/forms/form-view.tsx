/**
 * The form engine's view (requirements §4 form states and multi-step forms): a definition
 * becomes a TanStack Form whose answers are checked with the definition's zod schema
 * before each Next and before submitting, then sent through a server function. Idle,
 * submitting (button disabled), success (the server's confirmation shown inline, the
 * form reset) or error (requirements §8's message, field errors set, focus on the first one).
 */
import { useForm, useStore } from '@tanstack/react-form'
import { useRouter } from '@tanstack/react-router'
import { memo, startTransition, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react'
import { useUnsavedChangesPrompt } from './use-unsaved-changes'
import { AriaProviders } from '../ui/aria/aria-providers'
import { PlainButton } from '../ui/PlainButton'
import { siteConfig } from '../config/site'
import { m } from '../paraglide/messages'
import { getLocale } from '../paraglide/runtime'
import { isLocale } from '../lib/url'
import { takeUrlSecrets } from '../lib/url-secrets'
import { submitAccountForm, submitForm, type FormSource } from '../server/enquiries/forms.functions'
import { isFieldShown } from '../contract/forms/conditional-logic'
import {
  initialValues,
  pageCount,
  valueFields,
  type FormDefinition,
  type FormField,
  type FormValue,
  type FormValues,
} from '../contract/forms/values'
import { firstErrorPage } from '../contract/forms/errors'
import { useReportDirty } from './dirty-forms'
import type { FieldProps } from './field-props'
import { FormFieldView, preloadFieldChunks } from './fields'
import { validationMessages } from '../contract/forms/messages'
import { localToday, prepareFormSchemas, validateFormValues } from '../contract/forms/schema'
import { whenIdle } from '../lib/idle'
import { toSubmissionEntries } from '../contract/forms/submission'
import { HoneypotField, useBotTrap } from './bot-trap'
import { reloadAfterChunkError } from '../ui/chunk-reload'

const routedLocale = () => {
  const current = getLocale()
  return isLocale(current) ? current : 'en'
}

type Status = { kind: 'idle' } | { kind: 'success'; html: string; text: string } | { kind: 'error'; message: string; general: string[] }

/**
 * A new idempotency key (docs/decisions/011-submission-outbox.md). crypto.randomUUID
 * needs a secure context; a site tried over plain HTTP on a LAN address still gets 128
 * random bits.
 */
function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Where a redirected account form leaves its message for the next page's form. */
const FLASH_KEY = 'form-flash'

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), textarea, select, button, [role="spinbutton"], [tabindex="0"]'

const isHalfWidth = (field: FormField) => /(^|\s)(half|gfield--width-half|gf_left_half|gf_right_half)(\s|$)/.test(field.cssClass)

/**
 * One field in its cell of the grid. Kept from re-rendering unless its own value, error or
 * dates changed: a keystroke renders the field typed in, not every field of every step.
 */
const FieldCell = memo(function FieldCell({
  field,
  onFieldChange,
  ...props
}: Omit<FieldProps, 'onChange'> & { onFieldChange: (field: FormField, next: FormValue) => void }) {
  return (
    <div data-field-key={field.key} className={isHalfWidth(field) ? '' : 'sm:col-span-2'}>
      <FormFieldView field={field} onChange={(next) => onFieldChange(field, next)} {...props} />
    </div>
  )
})

export interface FormViewProps {
  definition: FormDefinition
  source: FormSource
  title?: string
}

/** A form with React Aria's providers around it (its dates and links follow the page's locale and router). */
export function FormView(props: FormViewProps) {
  return (
    <AriaProviders>
      <DefinedFormView {...props} />
    </AriaProviders>
  )
}

const subscribeToNothing = () => () => {}

/**
 * False in the server's markup and while the browser hydrates it, then true; true from the
 * first render where nothing is hydrated: a form an island puts in the server markup's
 * place (app/ui/island.tsx), or one on a page reached by client navigation. As state set
 * in an effect, that first render was disabled, and the whole form rendered and committed
 * again to enable it (docs/decisions/068).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}

function DefinedFormView({ definition, source, title }: FormViewProps) {
  const router = useRouter()
  const formRef = useRef<HTMLFormElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const stepHeadingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [step, setStep] = useState(1)
  const [focusTarget, setFocusTarget] = useState<'error' | 'status' | 'step' | null>(null)
  // One key per submission attempt: a retry of the same answers (after an error, a second
  // click) sends the same key, so the server makes one entry; success or an edit starts a new attempt.
  const attemptKey = useRef<string | null>(null)
  const keyForAttempt = () => (attemptKey.current ??= newAttemptKey())
  // Until the form has hydrated, what a visitor types would be lost: the server's markup is shown disabled.
  const hydrated = useHydrated()
  useEffect(() => preloadFieldChunks(new Set(definition.fields.map((field) => field.kind))), [definition])
  const steps = pageCount(definition)
  const lastStep = step === steps
  // The steps not shown are built once the form has hydrated, in a transition (React yields
  // to the visitor while it works), and then kept, hidden: Next shows a step that is already
  // there. Built on the click, step 2's two selects kept a phone from painting for about
  // 100 ms (README, Benchmarks: interaction). The server renders the shown step only.
  const [everyStepBuilt, setEveryStepBuilt] = useState(false)
  useEffect(() => {
    if (steps > 1) startTransition(() => setEveryStepBuilt(true))
  }, [steps])
  // The schemas a Next or a submit checks with, built while the visitor reads.
  useEffect(() => whenIdle(() => prepareFormSchemas(definition, { messages: validationMessages(), today: localToday() })), [definition])
  const botTrap = useBotTrap()

  const form = useForm({
    defaultValues: initialValues(definition),
    onSubmit: async ({ value }) => {
      if (definition.type === 'standard') await sendSubmission(value)
      else await sendAccountForm(value)
    },
  })
  const values = useStore(form.store, (state) => state.values)
  const isDirty = useStore(form.store, (state) => state.isDirty)
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting)
  useUnsavedChangesPrompt(isDirty && !isSubmitting)
  useReportDirty(isDirty)

  // A register or reset form that redirected here left its message for this one.
  useEffect(() => {
    const flash = sessionStorage.getItem(FLASH_KEY)
    if (!flash) return
    sessionStorage.removeItem(FLASH_KEY)
    setStatus({ kind: 'success', html: '', text: flash })
  }, [])

  useEffect(() => {
    if (!focusTarget) return
    const target = focusTarget
    setFocusTarget(null)
    requestAnimationFrame(() => {
      if (target === 'status') statusRef.current?.focus()
      else if (target === 'step') stepHeadingRef.current?.focus()
      else {
        const first = valueFields(definition).find((field) => errors[field.key])
        const container = first && formRef.current?.querySelector(`[data-field-key="${first.key}"]`)
        // The control marked invalid (not, say, a phone field's country picker), else the first one.
        const input =
          container?.querySelector<HTMLElement>('[aria-invalid="true"]:not([type="hidden"])') ??
          container?.querySelector<HTMLElement>(FOCUSABLE)
        // The label and the message come into view with the input, clear of the sticky header.
        const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
        ;(container ?? statusRef.current)?.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' })
        ;(input ?? statusRef.current)?.focus({ preventScroll: true })
      }
    })
  }, [focusTarget, errors, definition])

  const shownFields = valueFields(definition).filter(
    (field) => field.kind !== 'hidden' && field.visible && isFieldShown(field.logic, (id) => values[`input_${id}`]),
  )

  function showErrors(next: Record<string, string>) {
    setErrors(next)
    const page = firstErrorPage(definition, next)
    if (page !== null && page !== step) setStep(page)
    setFocusTarget('error')
  }

  async function check(page?: number) {
    return validateFormValues(definition, form.state.values, { messages: validationMessages(), today: localToday(), page })
  }

  function succeed(html: string, text: string) {
    attemptKey.current = null
    form.reset()
    setErrors({})
    setStep(1)
    setStatus({ kind: 'success', html, text })
    setFocusTarget('status')
  }

  function fail(message: string, fieldErrors: Record<string, string> = {}, general: string[] = []) {
    setStatus({ kind: 'error', message, general })
    if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors)
    else {
      setErrors({})
      setFocusTarget('status')
    }
  }

  async function sendSubmission(value: FormValues) {
    const data = new FormData()
    for (const [key, entry] of toSubmissionEntries(definition, value)) data.append(key, entry)
    data.append('_formId', definition.id)
    data.append('_locale', routedLocale())
    data.append('_source', JSON.stringify(source))
    data.append('_referrer', document.referrer)
    data.append('_pageUrl', window.location.href)
    data.append('_idempotencyKey', keyForAttempt())
    try {
      const { stamp, honeypot } = await botTrap.proof()
      data.append('_stamp', stamp)
      if (honeypot) data.append(siteConfig.forms.honeypotName, honeypot)
      const result = await submitForm({ data })
      if (result.status === 'success') succeed(result.confirmationHtml, '')
      else if (result.status === 'received') succeed('', result.message)
      else if (result.status === 'invalid') fail(result.message, result.fieldErrors, result.general)
      else fail(result.message)
    } catch (error) {
      // The submission's code failing to load (a newer deploy removed it) reloads the page,
      // after the unsaved-changes question where the form asks it (requirements §8, decision 062).
      reloadAfterChunkError(error)
      fail(m.form_error_unavailable())
    }
  }

  async function sendAccountForm(value: FormValues) {
    const strings = Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, typeof entry === 'string' ? entry : '']))
    // Requirements §2: the reset link's userId and passToken, moved out of the address bar into memory.
    const secrets = takeUrlSecrets()
    try {
      const proof = await botTrap.proof()
      const result = await submitAccountForm({
        data: {
          ...proof,
          formId: definition.id,
          locale: routedLocale(),
          source,
          values: strings,
          userId: secrets.get('userId'),
          passToken: secrets.get('passToken'),
          idempotencyKey: keyForAttempt(),
        },
      })
      if (result.status === 'received') succeed('', result.message)
      else if (result.status === 'success') {
        if (result.redirectTo) {
          attemptKey.current = null
          form.reset()
          sessionStorage.setItem(FLASH_KEY, result.message)
          await router.navigate({ href: result.redirectTo })
        } else succeed('', result.message)
      } else if (result.status === 'invalid') {
        // Requirements §5: when the passwords differ, the message is shown and the form reset.
        if (result.reset) form.reset()
        fail(result.message, result.fieldErrors)
      } else fail(result.message)
    } catch (error) {
      // The submission's code failing to load (a newer deploy removed it) reloads the page,
      // after the unsaved-changes question where the form asks it (requirements §8, decision 062).
      reloadAfterChunkError(error)
      fail(m.form_error_unavailable())
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (isSubmitting) return
    if (!lastStep) return goNext()
    const found = await check()
    if (Object.keys(found).length > 0) {
      setStatus({ kind: 'idle' })
      return showErrors(found)
    }
    if (definition.type === 'reset') {
      const password = valueFields(definition).find((field) => field.name === 'password')
      const repeat = valueFields(definition).find((field) => field.name === 'passwordRepeat')
      if (password && repeat && form.state.values[password.key] !== form.state.values[repeat.key]) {
        form.reset()
        return fail(m.form_passwords_match())
      }
    }
    setErrors({})
    await form.handleSubmit()
  }

  async function goNext() {
    const found = await check(step)
    if (Object.keys(found).length > 0) return showErrors(found)
    setErrors({})
    setStep(step + 1)
    setFocusTarget('step')
  }

  function goBack() {
    setErrors({})
    setStep(Math.max(1, step - 1))
    setFocusTarget('step')
  }

  // The same function on every render (it reads no render's state), so FieldCell's memo holds.
  const change = useCallback(
    (field: FormField, next: FormValue) => {
      attemptKey.current = null
      form.setFieldValue(field.key, next)
      setStatus((current) => (current.kind === 'idle' ? current : { kind: 'idle' }))
      setErrors((current) => {
        if (!current[field.key]) return current
        const { [field.key]: _cleared, ...rest } = current
        return rest
      })
    },
    [form],
  )

  const builtSteps = Array.from({ length: steps }, (_, index) => index + 1).filter((page) => page === step || everyStepBuilt)
  const minDate = definition.minimumDate ?? localToday()
  const stepTitle = definition.steps[step - 1]
  const hasRequired = shownFields.some((field) => field.required)

  return (
    <div className={definition.cssClass ? `gform ${definition.cssClass}` : 'gform'} data-form-id={definition.id}>
      {title && (
        <h2 id={headingId} className="text-2xl font-black text-ink">
          {title}
        </h2>
      )}
      <div ref={statusRef} tabIndex={-1} className="outline-none" aria-live="polite" role="status">
        {status.kind === 'success' && (
          <div className="mt-4 rounded-xl bg-success-tint p-4 text-on-success" data-form-status="success">
            {status.html ? (
              <div className="cms-html font-bold" dangerouslySetInnerHTML={{ __html: status.html }} />
            ) : (
              <p className="font-bold">{status.text}</p>
            )}
          </div>
        )}
      </div>
      {status.kind === 'error' && (
        <div role="alert" className="mt-4 rounded-xl bg-danger-tint p-4 font-bold text-danger" data-form-status="error">
          <p>{status.message}</p>
          {status.general.map((message) => (
            <p key={message} className="mt-1 font-normal">
              {message}
            </p>
          ))}
        </div>
      )}
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={title ? headingId : undefined}
        aria-label={title ? undefined : definition.title || undefined}
        className="mt-5"
        aria-busy={hydrated ? undefined : true}
      >
        <fieldset disabled={!hydrated} className="m-0 min-w-0 border-0 p-0">
          <HoneypotField inputRef={botTrap.honeypot} />
          {steps > 1 && (
            <div className="mb-5">
              <p className="text-sm font-bold text-link" aria-hidden="true">
                {m.form_step({ current: String(step), total: String(steps) })}
              </p>
              <h3 ref={stepHeadingRef} tabIndex={-1} className="mt-1 text-lg font-bold text-ink outline-none">
                <span className="sr-only">{m.form_step({ current: String(step), total: String(steps) })}: </span>
                {stepTitle}
              </h3>
              <div className="mt-3 flex gap-1.5" aria-hidden="true">
                {Array.from({ length: steps }, (_, index) => (
                  <span key={index} className={`h-1.5 flex-1 rounded-full ${index < step ? 'bg-brand-700' : 'bg-line'}`} />
                ))}
              </div>
              <p className="sr-only" aria-live="polite">
                {m.form_step({ current: String(step), total: String(steps) })}
                {stepTitle ? `: ${stepTitle}` : ''}
              </p>
            </div>
          )}
          {hasRequired && <p className="mb-4 text-sm text-ink-muted">{m.form_required_note()}</p>}
          {builtSteps.map((page) => (
            // A hidden step is display: none: out of the tab order and the accessibility tree.
            <div key={page} className={page === step ? 'grid gap-5 sm:grid-cols-2' : 'hidden'}>
              {shownFields
                .filter((field) => steps === 1 || field.pageNumber === page)
                .map((field) => (
                  <FieldCell
                    key={field.key}
                    field={field}
                    value={values[field.key] ?? null}
                    error={errors[field.key] ?? null}
                    onFieldChange={change}
                    minDate={minDate}
                    maxDate={definition.maximumDate}
                  />
                ))}
            </div>
          ))}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {/* Native buttons: a press re-renders nothing (React Aria's Button renders its pressed
                state on pointerdown, the input delay of a phone's tap on Next; decision 039). */}
            {step > 1 && (
              <PlainButton variant="secondary" onClick={goBack} disabled={isSubmitting}>
                {m.form_back()}
              </PlainButton>
            )}
            {lastStep ? (
              <PlainButton type="submit" variant="primary" disabled={isSubmitting}>
                {isSubmitting ? m.form_submitting() : definition.buttonText || m.form_submit()}
              </PlainButton>
            ) : (
              <PlainButton type="submit" variant="primary">
                {m.form_next()}
              </PlainButton>
            )}
          </div>
        </fieldset>
      </form>
    </div>
  )
}
