import type { AccountConflictResult } from '@coursekit/core'
import { useCallback } from 'react'
import { useAuthService } from './use-auth.ts'

/**
 * For the ACCOUNT_CONFLICT screen's "로그인 후 계정 연결하기" (the LINK_ACCOUNTS option): the
 * refused Google or Kakao account is linked once the person signs in with the account that owns the
 * address (the core keeps it and goes to /sign/in). Returns the path it went to, or null when the
 * conflict names no Google or Kakao attempt to link.
 */
export function useAccountLink(): (conflict: AccountConflictResult) => string | null {
  const auth = useAuthService()
  return useCallback(
    (result: AccountConflictResult) => {
      const attempted = result.conflict?.attemptedProvider
      if (!result.conflict || (attempted !== 'GOOGLE' && attempted !== 'KAKAO')) return null
      return auth.linkAccountAfterSignIn({ email: result.conflict.email, provider: attempted })
    },
    [auth],
  )
}
