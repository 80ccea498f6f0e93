/**
 * One component per field kind (requirements §3 field). Each is a React Aria field — label,
 * description and error wired to the input for screen readers — or, for the phone and
 * file inputs that React Aria has no field for, the same wiring by hand.
 */
import { Suspense, useId, useRef, type ReactNode } from 'react'
import { Button as AriaButton } from 'react-aria-components'
import { siteConfig } from '../config/site'
import { m } from '../paraglide/messages'
import { Checkbox, CheckboxGroup } from '../ui/aria/Checkbox'
import { descriptionStyles, errorStyles, fieldBoxStyles, labelStyles, nativeInputStyles, RequiredMark } from '../ui/aria/Field'
import { linkStyles } from '../ui/aria/Link'
import { lazyWithPreload } from '../ui/lazy'
import { ListBoxItem } from '../ui/aria/ListBox'
import { Select } from '../ui/aria/Select'
import { TextField } from '../ui/aria/TextField'
import type { FormField } from '../contract/forms/values'
import { text, type FieldProps } from './field-props'
import { acceptedFileTypes } from '../contract/forms/file-type'
import { isEmailField } from '../contract/forms/schema'

function TextInputField({ field, value, error, onChange }: FieldProps) {
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
      label={field.label}
      description={field.description}
      errorMessage={error}
      multiline={field.kind === 'textarea'}
      inputClassName={field.kind === 'textarea' ? 'min-h-32' : undefined}
      placeholder={field.placeholder || undefined}
      autoComplete={autoComplete}
    />
  )
}

function SelectField({ field, value, error, onChange }: FieldProps) {
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
      label={field.label}
      description={field.description}
      errorMessage={error}
    >
      {field.options.map((option) => (
        <ListBoxItem key={option.value} id={option.value} textValue={option.label}>
          {option.label}
        </ListBoxItem>
      ))}
    </Select>
  )
}

function CheckboxField({ field, value, error, onChange }: FieldProps) {
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
        // React Aria's lone checkbox has no error slot: the message is wired by hand.
        aria-describedby={error ? describedBy : undefined}
      >
        {label}
        {field.required && <RequiredMark />}
      </Checkbox>
      {error && (
        <p id={describedBy} className={errorStyles}>
          {error}
        </p>
      )}
    </div>
  )
}

function CheckboxGroupField({ field, value, error, onChange }: FieldProps) {
  return (
    <CheckboxGroup
      name={field.key}
      value={Array.isArray(value) ? value : []}
      onChange={onChange}
      isRequired={field.required}
      isReadOnly={field.readOnly}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      label={field.label}
      description={field.description}
      errorMessage={error}
    >
      {field.options.map((option) => (
        <Checkbox key={option.value} value={option.value}>
          {option.label}
        </Checkbox>
      ))}
    </CheckboxGroup>
  )
}

/** Requirements §5: Word, DOCX or PDF up to 5000 KB; the bytes are checked as soon as a file is chosen. */
function FileField({ field, value, error, onChange }: FieldProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const file = value instanceof File ? value : null
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className={labelStyles}>
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
        className={nativeInputStyles({
          className:
            'cursor-pointer file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-tint file:px-4 file:py-1.5 file:font-bold file:text-on-tint',
        })}
      />
      <p id={`${id}-hint`} className={descriptionStyles}>
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
            className={(renderProps) => linkStyles({ ...renderProps, variant: 'inline', className: 'cursor-pointer rounded' })}
          >
            {m.form_file_remove()}
          </AriaButton>
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorStyles}>
          {error}
        </p>
      )}
    </div>
  )
}

// The date picker and the phone input carry calendar and numbering-plan data: loaded only by forms that have them.
const DateField = lazyWithPreload(() => import('./date-field'))
const PhoneField = lazyWithPreload(() => import('./phone-field'))

/** Starts loading the chunks a form's fields need as soon as the form mounts, not when a later step shows them. */
export function preloadFieldChunks(kinds: ReadonlySet<string>) {
  if (kinds.has('date')) DateField.preload()
  if (kinds.has('phone')) PhoneField.preload()
}

/** Holds the field's place while its chunk loads, so nothing shifts. */
function FieldPlaceholder({ field }: { field: FormField }) {
  return (
    <div className="flex flex-col gap-1" aria-hidden="true">
      <span className={labelStyles}>{field.label}</span>
      <span className={fieldBoxStyles({ className: 'block h-12' })} />
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
