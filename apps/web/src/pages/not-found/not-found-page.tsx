import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageTitle } from '../../ui/page-title.tsx'

export function NotFoundPage(): ReactNode {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-2 py-6 text-center">
      <p className="font-bold text-2xl text-brand-strong">404</p>
      <PageTitle title="페이지를 찾을 수 없습니다">페이지를 찾을 수 없습니다</PageTitle>
      <p className="text-gray-600">주소가 바뀌었거나 없는 페이지입니다. 주소를 다시 확인해주세요.</p>
      <Link to="/" className="rounded-md bg-brand-strong px-2 py-1 font-semibold text-white hover:bg-brand">
        홈으로 가기
      </Link>
    </section>
  )
}
