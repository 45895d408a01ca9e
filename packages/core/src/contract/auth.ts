import * as z from 'zod/mini'
import { IsoDateTime } from './common.ts'

export const LogoutResponse = z.looseObject({ success: z.literal(true) })
export type LogoutResponse = z.infer<typeof LogoutResponse>

export const UpdateLastSignInResponse = z.looseObject({
  success: z.literal(true),
  lastSignInAt: IsoDateTime,
})
export type UpdateLastSignInResponse = z.infer<typeof UpdateLastSignInResponse>
