import { z } from 'zod'

/**
 * contact_form, free_consultation_form, support_form, login_form: a heading, an optional
 * introduction and the id of a form definition the page carries in shortcode_data.
 */
export const formSectionSchema = z.object({
  form_id: z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative()]).transform(String),
  heading: z.string().optional(),
  text: z.string().optional(),
})
export type FormSectionData = z.infer<typeof formSectionSchema>
