import type { ReactNode } from 'react'
import { PageTitle } from '../../ui/page-title.tsx'

export function SignInPage(): ReactNode {
  return <PageTitle title="로그인">로그인</PageTitle>
}
