import { useProfileCompletion } from '@coursekit/react'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useParams } from 'react-router'
import { Button } from '../../ui/button.tsx'
import { Field } from '../../ui/field.tsx'
import { PageTitle } from '../../ui/page-title.tsx'
import { PhoneVerification } from './phone-verification.tsx'

/**
 * `/sign/complete/{userId}/{email}`: name, nickname and a phone verified by an SMS code (spec
 * section 4). The core counts the redirects here, saves, and sends the person where they were going.
 */
export function ProfileCompletionPage(): ReactNode {
  const { email = '' } = useParams()
  const completion = useProfileCompletion()
  const { profile } = completion
  const [typed, setTyped] = useState<{ name?: string; nickname?: string; phone?: string }>({})
  const fields = {
    name: typed.name ?? profile?.name ?? '',
    nickname: typed.nickname ?? profile?.nickname ?? '',
    phone: typed.phone ?? profile?.phone ?? '',
  }
  const percent = completion.completion(fields)
  const phoneDone = completion.isPhoneVerified(fields.phone)
  const [missing, setMissing] = useState(false)
  const submit = useRef<HTMLButtonElement>(null)
  // The code field goes away once the number is verified; focus moves on to saving, not to the page's top.
  const wasVerified = useRef(phoneDone)
  useEffect(() => {
    if (phoneDone && !wasVerified.current && document.activeElement === document.body) submit.current?.focus()
    wasVerified.current = phoneDone
  }, [phoneDone])
  const blank = (value: string) => (missing && value.trim() === '' ? '입력해주세요.' : undefined)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!fields.name.trim() || !fields.nickname.trim() || !fields.phone.trim()) {
      setMissing(true)
      return
    }
    void completion.complete(fields)
  }

  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-2 py-2">
      <PageTitle title="회원 정보 입력">회원 정보를 완성해주세요</PageTitle>
      <p className="text-gray-700">
        <strong className="break-all">{email}</strong> 계정으로 강의를 들으려면 이름, 닉네임, 휴대폰 번호가 필요합니다.
      </p>
      <div className="flex flex-col gap-0.5">
        <div className="flex justify-between text-sm">
          <span id="completion-label" className="font-semibold">
            입력 완료
          </span>
          <span>{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="completion-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1 overflow-hidden rounded-full bg-gray-100"
        >
          <div className="h-full bg-brand-strong transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1.5" aria-label="회원 정보">
        <Field
          label="이름"
          name="name"
          autoComplete="name"
          value={fields.name}
          onChange={(event) => setTyped({ ...typed, name: event.target.value })}
          error={blank(fields.name)}
        />
        <Field
          label="닉네임"
          name="nickname"
          autoComplete="nickname"
          value={fields.nickname}
          onChange={(event) => setTyped({ ...typed, nickname: event.target.value })}
          error={blank(fields.nickname)}
        />
        <PhoneVerification
          completion={completion}
          phone={fields.phone}
          verified={phoneDone}
          onPhone={(phone) => setTyped({ ...typed, phone })}
          error={blank(fields.phone)}
        />
        <div role="alert" className="flex flex-col gap-0.5 text-red-700 text-sm empty:hidden">
          {completion.error && <p>{completion.error}</p>}
          {completion.suggestion && <p>{completion.suggestion}</p>}
        </div>
        <Button ref={submit} type="submit" disabled={completion.saving || !phoneDone} aria-busy={completion.saving}>
          {completion.saving ? '저장 중…' : '저장하고 시작하기'}
        </Button>
      </form>
      <Button look="secondary" onClick={() => completion.skip()}>
        나중에 하기
      </Button>
    </div>
  )
}
