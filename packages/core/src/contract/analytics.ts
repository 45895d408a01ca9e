import * as z from 'zod/mini'

const ShortText = z.nullable(z.string().check(z.maxLength(2048)))

export const DeviceType = z.enum(['mobile', 'tablet', 'desktop'])
export type DeviceType = z.infer<typeof DeviceType>

export const TrackVisitRequest = z.object({
  userId: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  sessionId: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
  referrerUrl: z.optional(ShortText),
  entryPath: z.string().check(z.maxLength(2048)),
  utmSource: z.optional(ShortText),
  utmMedium: z.optional(ShortText),
  utmCampaign: z.optional(ShortText),
  utmContent: z.optional(ShortText),
  utmTerm: z.optional(ShortText),
  deviceType: DeviceType,
  browser: z.string().check(z.maxLength(128)),
  os: z.string().check(z.maxLength(128)),
  isNewUser: z.boolean(),
})
export type TrackVisitRequest = z.infer<typeof TrackVisitRequest>

/** The visit's id goes into later paths (`track-visit/{sessionId}`): an empty one is a malformed answer. */
export const TrackVisitResponse = z.looseObject({ sessionId: z.string().check(z.minLength(1)) })
export type TrackVisitResponse = z.infer<typeof TrackVisitResponse>

/** Sent when the page goes away. visitDuration is in seconds. */
export const UpdateVisitRequest = z.object({
  visitDuration: z.number().check(z.gte(0)),
  bounced: z.boolean(),
})
export type UpdateVisitRequest = z.infer<typeof UpdateVisitRequest>

export const ConversionType = z.enum(['signup', 'paid'])
export type ConversionType = z.infer<typeof ConversionType>

export const TrackConversionRequest = z.object({ conversionType: ConversionType })
export type TrackConversionRequest = z.infer<typeof TrackConversionRequest>
