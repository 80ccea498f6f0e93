/**
 * Gravity Forms conditional logic (requirements §3 field.conditionalLogic): show or hide a field
 * when all or any of its rules match the other fields' current values. Shared by the
 * browser (what to render and validate) and the embedded CMS (which required fields a
 * submission may leave empty), so both decide visibility the same way.
 */
import { z } from 'zod'

const ruleOperators = ['is', 'isnot', '>', '<', 'contains', 'starts_with', 'ends_with'] as const

const conditionalLogicSchema = z.object({
  actionType: z.enum(['show', 'hide']).default('show'),
  logicType: z.enum(['all', 'any']).default('all'),
  rules: z
    .array(
      z.object({
        fieldId: z.union([z.string(), z.number()]).transform(String),
        operator: z.enum(ruleOperators).default('is'),
        value: z.union([z.string(), z.number(), z.boolean()]).transform(String).default(''),
      }),
    )
    .max(50),
})
export type ConditionalLogic = z.infer<typeof conditionalLogicSchema>
export type FieldValue = string | boolean | string[] | File | null | undefined

/** A definition's conditionalLogic, or null when it has none or it is not usable. */
export function parseConditionalLogic(raw: unknown): ConditionalLogic | null {
  if (raw === null || raw === undefined || raw === false || raw === '') return null
  const parsed = conditionalLogicSchema.safeParse(raw)
  return parsed.success && parsed.data.rules.length > 0 ? parsed.data : null
}

function asText(value: FieldValue): string[] {
  if (value === null || value === undefined) return ['']
  if (typeof value === 'boolean') return [value ? '1' : '']
  if (Array.isArray(value)) return value.length > 0 ? value : ['']
  if (typeof value === 'string') return [value]
  return [value.name]
}

function ruleMatches(actual: string, operator: ConditionalLogic['rules'][number]['operator'], expected: string): boolean {
  const a = actual.toLowerCase()
  const b = expected.toLowerCase()
  switch (operator) {
    case 'is':
      return a === b
    case 'isnot':
      return a !== b
    case '>':
    case '<': {
      const left = Number.parseFloat(actual)
      const right = Number.parseFloat(expected)
      if (Number.isNaN(left) || Number.isNaN(right)) return false
      return operator === '>' ? left > right : left < right
    }
    case 'contains':
      return a.includes(b)
    case 'starts_with':
      return a.startsWith(b)
    case 'ends_with':
      return a.endsWith(b)
  }
}

/** Whether a field with this logic is shown, given every field's value by field id. */
export function isFieldShown(logic: ConditionalLogic | null, valueOf: (fieldId: string) => FieldValue): boolean {
  if (!logic) return true
  const results = logic.rules.map((rule) => {
    const values = asText(valueOf(rule.fieldId))
    // A checkbox list matches `is` when any ticked value matches, and `isnot` when none does.
    return rule.operator === 'isnot'
      ? values.every((value) => ruleMatches(value, 'isnot', rule.value))
      : values.some((value) => ruleMatches(value, rule.operator, rule.value))
  })
  const matched = logic.logicType === 'all' ? results.every(Boolean) : results.some(Boolean)
  return logic.actionType === 'show' ? matched : !matched
}
