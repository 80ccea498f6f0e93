/** Requirements §5 and §8 messages in the visitor's language, for the browser and the server alike. */
import { type Locale, siteConfig } from '../../config/site'
import { m } from '../../paraglide/messages'
import type { ValidationMessages } from './schema'

export function validationMessages(locale?: Locale): ValidationMessages {
  const options = locale ? { locale } : undefined
  return {
    required: m.field_required({}, options),
    email: m.field_email_invalid({}, options),
    phone: m.field_phone_invalid({}, options),
    option: m.field_option_invalid({}, options),
    date: m.field_date_invalid({}, options),
    dateMin: (date) => m.field_date_min({ date }, options),
    dateMax: (date) => m.field_date_max({ date }, options),
    fileType: m.field_file_type({}, options),
    fileSize: m.field_file_size({ max: String(siteConfig.forms.maxUploadKb) }, options),
    tooLong: m.field_too_long({}, options),
  }
}
