import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildContractJsonSchema } from '../../scripts/write-json-schema'

describe('docs/content-api.schema.json', () => {
  it('is generated from the current zod schemas (run npm run schema after changing wire.ts)', () => {
    expect(readFileSync('docs/content-api.schema.json', 'utf8')).toBe(buildContractJsonSchema())
  })

  it('describes every call of the contract', () => {
    const schema = JSON.parse(buildContractJsonSchema()) as { $defs: Record<string, unknown> }
    for (const name of [
      'BaseResponse',
      'ErrorResponse',
      'LayoutResponse',
      'PopupResponse',
      'PostsResponse',
      'TagsResponse',
      'SubmissionResponse',
      'UserResponse',
    ]) {
      expect(schema.$defs).toHaveProperty(name)
    }
  })
})
