import * as z from 'zod/mini'

/**
 * Public content lists. The spec does not show these fields, so the client keeps every item as the
 * server sent it and checks only the envelope.
 */
export const ContentList = z.looseObject({
  items: z.array(z.looseObject({ id: z.union([z.string(), z.number()]) })),
  total: z.number(),
})
export type ContentList = z.infer<typeof ContentList>

export const HealthResponse = z.looseObject({ status: z.literal('ok') })
export type HealthResponse = z.infer<typeof HealthResponse>
