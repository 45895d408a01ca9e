import type { CourseDiscountCodesView } from '@coursekit/react'
import type { ReactNode } from 'react'
import { count, type LooseItem, price, text } from '../../ui/content-item.ts'
import { FailedState } from '../../ui/failed-state.tsx'

const day = new Intl.DateTimeFormat('ko-KR', { month: 'long', day: 'numeric', timeZone: 'Asia/Seoul' })

/**
 * The discount codes that apply to this course now. Shown only when there is one (a course without
 * codes loses nothing by not saying so; one that could not be read says so); there is no checkout
 * here to type them into.
 */
export function DiscountCodes({ discounts }: { discounts: CourseDiscountCodesView }): ReactNode {
  const { view } = discounts
  if (view.status === 'failed' && !view.offline && discounts.codes.length === 0) {
    return <FailedState message="할인 코드를 불러오지 못했습니다." onRetry={view.retry} />
  }
  if (discounts.codes.length === 0) return null
  return (
    <section aria-labelledby="course-codes" className="flex flex-col gap-1">
      <h2 id="course-codes" className="font-bold text-gray-900 text-lg">
        사용할 수 있는 할인 코드
      </h2>
      <ul className="grid gap-1 sm:grid-cols-2">
        {discounts.codes.map((code) => (
          <li key={code.id} className="flex flex-col gap-0.5 rounded-lg border border-brand-strong border-dashed p-1.5">
            <p className="flex flex-wrap items-baseline justify-between gap-x-1">
              <code className="font-bold font-mono text-brand-strong">{text(code, 'code')}</code>
              <span className="font-semibold text-sm">{benefit(code)}</span>
            </p>
            <p className="text-sm">{text(code, 'name')}</p>
            <p className="text-gray-700 text-sm">{terms(code)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function benefit(code: LooseItem): string {
  const value = count(code, 'discountValue')
  if (value === null) return ''
  return code.discountType === 'PERCENT' ? `${value}% 할인` : `${price(value)} 할인`
}

function terms(code: LooseItem): string {
  const minimum = count(code, 'minOrderAmount')
  const end = new Date(text(code, 'expiresAt'))
  return [
    minimum ? `${price(minimum)} 이상 결제 시` : null,
    Number.isNaN(end.getTime()) ? null : `${day.format(end)}까지`,
  ]
    .filter(Boolean)
    .join(' · ')
}
