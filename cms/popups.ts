/** Popups: `GET /api/v1/popups/{id}?locale=`, with the definition of the form a popup shows. */
import type { z } from 'zod'
import type { wirePopupResponse } from '../app/contract/wire'
import { contentFor, type CmsContext } from './context'
import { formDefinitions } from './form-definitions'
import { errorBody, json } from './http'

export async function getPopup(ctx: CmsContext, url: URL, id: string): Promise<Response> {
  const content = await contentFor(ctx, url)
  const found = content?.popups.get(id)
  if (!content || !found) return json(errorBody('not_found', 'Popup not found', 404), 404)
  const body: z.input<typeof wirePopupResponse> = {
    result: {
      props: { id: found.id, title: found.title, content: found.content, options: found.options },
      shortcode_data: { ...formDefinitions(content, [found.form_id]), ...found.shortcode_data },
    },
  }
  return json(body)
}
