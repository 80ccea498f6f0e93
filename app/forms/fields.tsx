/**
 * One component per field kind (SPEC §3 field). Each is a React Aria field — label,
 * description and error wired to the input for screen readers — or, for the phone and
 * file inputs that React Aria has no field for, the same wiring by hand.
 */
import { lazy, Suspense, useId, useRef, type ReactNode } from 'react'
import {
  Button as AriaButton,
  Checkbox,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components'
import { siteConfig } from '../../app.config'
import { m } from '../paraglide/messages'
import { ChevronDownIcon } from '../components/icons'
import type { FormField, FormValue } from './definition'
import { acceptedFileTypes } from '../content/file-type'
import { isEmailField } from './schema'

export interface FieldProps {
  field: FormField
  value: FormValue
  error: string | null
  onChange: (value: FormValue) => void
  minDate?: string | null
  maxDate?: string | null
}

export const inputClass =
  'w-full rounded-xl border-2 border-slate-300 bg-white px-4 py-2.5 text-ink outline-none placeholder:text-ink-muted focus:border-brand-600 data-[invalid]:border-danger aria-[invalid=true]:border-danger'
export const labelClass = 'font-bold text-ink'
export const errorClass = 'text-sm font-bold text-danger'
export const descriptionClass = 'text-sm text-ink-muted'

/** SPEC §5: required labels get an asterisk (hidden from screen readers, which announce "required"). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-danger">
      {' '}
      *
    </span>
  )
}

/** A React Aria field's description and error, wired to its input by the field itself. */
export function FieldHelp({ description, error }: { description: string; error: string | null }) {
  return (
    <>
      {description && (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      )}
      <FieldError className={errorClass}>{error}</FieldError>
    </>
  )
}

export function FieldLabel({ field, id }: { field: FormField; id?: string }) {
  return (
    <Label id={id} className={labelClass}>
      {field.label}
      {field.required && <RequiredMark />}
    </Label>
  )
}

export const text = (value: FormValue) => (typeof value === 'string' ? value : '')

export function TextInputField({ field, value, error, onChange }: FieldProps) {
  const multiline = field.kind === 'textarea'
  const type = isEmailField(field) ? 'email' : field.kind === 'password' ? 'password' : 'text'
  const autoComplete =
    type === 'email'
      ? 'email'
      : field.kind === 'name'
        ? 'name'
        : field.kind === 'password'
          ? field.name.toLowerCase().includes('repeat') || field.name === 'password'
            ? 'new-password'
            : 'current-password'
          : undefined
  return (
    <TextField
      name={field.key}
      type={type}
      value={text(value)}
      onChange={onChange}
      isRequired={field.required}
      isReadOnly={field.readOnly}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      maxLength={10_000}
      className="flex flex-col gap-1"
    >
      <FieldLabel field={field} />
      {multiline ? (
        <TextArea className={`${inputClass} min-h-32 read-only:bg-slate-100`} placeholder={field.placeholder || undefined} />
      ) : (
        <Input
          className={`${inputClass} read-only:bg-slate-100`}
          placeholder={field.placeholder || undefined}
          autoComplete={autoComplete}
        />
      )}
      <FieldHelp description={field.description} error={error} />
    </TextField>
  )
}

export function SelectField({ field, value, error, onChange }: FieldProps) {
  return (
    <Select
      name={field.key}
      selectedKey={text(value) || null}
      onSelectionChange={(key) => onChange(key === null ? '' : String(key))}
      isRequired={field.required}
      isDisabled={field.readOnly}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      placeholder={field.placeholder || m.form_select_placeholder()}
      className="flex flex-col gap-1"
    >
      <FieldLabel field={field} />
      <AriaButton className={`${inputClass} flex cursor-pointer items-center justify-between gap-2 text-start`}>
        <SelectValue className="truncate data-[placeholder]:text-ink-muted" />
        <ChevronDownIcon size={18} className="shrink-0 text-ink-muted" />
      </AriaButton>
      <FieldHelp description={field.description} error={error} />
      <Popover className="w-(--trigger-width) overflow-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
        <ListBox className="outline-none">
          {field.options.map((option) => (
            <ListBoxItem
              key={option.value}
              id={option.value}
              textValue={option.label}
              className="cursor-pointer rounded-lg px-3 py-2 text-ink outline-none data-[focused]:bg-brand-50 data-[selected]:font-bold"
            >
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  )
}

const checkboxBox =
  'flex h-6 w-6 shrink-0 items-center justify-center rounded-md border-2 border-slate-400 bg-white text-white group-data-[selected]:border-brand-700 group-data-[selected]:bg-brand-700 group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-brand-600 group-data-[invalid]:border-danger'

function CheckMark() {
  return (
    <svg viewBox="0 0 18 18" aria-hidden="true" className="h-4 w-4 fill-none stroke-current stroke-[3]">
      <polyline points="2 9 7 14 16 4" />
    </svg>
  )
}

export function CheckboxField({ field, value, error, onChange }: FieldProps) {
  const describedBy = useId()
  // A single box: the option's label (when the CMS gives one) is the visible text.
  const label = field.options[0]?.label || field.label
  return (
    <div className="flex flex-col gap-1">
      <Checkbox
        name={field.key}
        isSelected={value === true}
        onChange={onChange}
        isRequired={field.required}
        isReadOnly={field.readOnly}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
        aria-describedby={error ? describedBy : undefined}
        className="group flex cursor-pointer items-start gap-3 text-ink"
      >
        <span className={checkboxBox}>{value === true && <CheckMark />}</span>
        <span>
          {label}
          {field.required && <RequiredMark />}
        </span>
      </Checkbox>
      {error && (
        <p id={describedBy} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  )
}

export function CheckboxGroupField({ field, value, error, onChange }: FieldProps) {
  return (
    <CheckboxGroup
      name={field.key}
      value={Array.isArray(value) ? value : []}
      onChange={onChange}
      isRequired={field.required}
      isReadOnly={field.readOnly}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className="flex flex-col gap-2"
    >
      <FieldLabel field={field} />
      {field.options.map((option) => (
        <Checkbox key={option.value} value={option.value} className="group flex cursor-pointer items-start gap-3 text-ink">
          {({ isSelected }) => (
            <>
              <span className={checkboxBox}>{isSelected && <CheckMark />}</span>
              <span>{option.label}</span>
            </>
          )}
        </Checkbox>
      ))}
      <FieldHelp description={field.description} error={error} />
    </CheckboxGroup>
  )
}

/** SPEC §5: Word, DOCX or PDF up to 5000 KB; the bytes are checked as soon as a file is chosen. */
export function FileField({ field, value, error, onChange }: FieldProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const file = value instanceof File ? value : null
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className={labelClass}>
        {field.label}
        {field.required && <RequiredMark />}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        name={field.key}
        type="file"
        accept={acceptedFileTypes.join(',')}
        disabled={field.readOnly}
        aria-required={field.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className={`${inputClass} cursor-pointer file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-1.5 file:font-bold file:text-brand-800`}
      />
      <p id={`${id}-hint`} className={descriptionClass}>
        {field.description || m.form_file_hint({ max: String(siteConfig.forms.maxUploadKb) })}
      </p>
      {file && !error && (
        <p className="flex items-center gap-3 text-sm text-ink-soft">
          <span className="truncate">{`${file.name} (${Math.ceil(file.size / 1024)} KB)`}</span>
          <AriaButton
            onPress={() => {
              if (input.current) input.current.value = ''
              onChange(null)
            }}
            className="cursor-pointer rounded font-bold text-brand-700 underline underline-offset-2 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-600"
          >
            {m.form_file_remove()}
          </AriaButton>
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  )
}

// The date picker and the phone input carry calendar and numbering-plan data: loaded only by forms that have them.
const loadDateField = () => import('./date-field')
const loadPhoneField = () => import('./phone-field')
const DateField = lazy(loadDateField)
const PhoneField = lazy(loadPhoneField)

/** Starts loading the chunks a form's fields need as soon as the form mounts, not when a later step shows them. */
export function preloadFieldChunks(kinds: ReadonlySet<string>) {
  if (kinds.has('date')) void loadDateField()
  if (kinds.has('phone')) void loadPhoneField()
}

/** Holds the field's place while its chunk loads, so nothing shifts. */
function FieldPlaceholder({ field }: { field: FormField }) {
  return (
    <div className="flex flex-col gap-1" aria-hidden="true">
      <span className={labelClass}>{field.label}</span>
      <span className={`${inputClass} block h-12`} />
    </div>
  )
}

export function FormFieldView(props: FieldProps): ReactNode {
  switch (props.field.kind) {
    case 'select':
      return <SelectField {...props} />
    case 'checkbox':
      return <CheckboxField {...props} />
    case 'checkboxes':
      return <CheckboxGroupField {...props} />
    case 'date':
      return (
        <Suspense fallback={<FieldPlaceholder field={props.field} />}>
          <DateField {...props} />
        </Suspense>
      )
    case 'phone':
      return (
        <Suspense fallback={<FieldPlaceholder field={props.field} />}>
          <PhoneField {...props} />
        </Suspense>
      )
    case 'file':
      return <FileField {...props} />
    case 'hidden':
    case 'page':
      return null
    default:
      return <TextInputField {...props} />
  }
}
