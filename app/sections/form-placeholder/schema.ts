import { z } from 'zod'

/** contact_form, free_consultation_form, support_form, login_form…: the form engine renders these. */
export const formSectionSchema = z.object({ form_id: z.union([z.string(), z.number()]).transform(String), heading: z.string().optional() })
export type FormSectionData = z.infer<typeof formSectionSchema>
