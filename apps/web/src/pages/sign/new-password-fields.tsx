import type { NewPasswordFieldError } from '@coursekit/core/flows'
import type { ReactNode } from 'react'
import { Field } from '../../ui/field.tsx'
import { newPasswordErrors, newPasswordHint } from './field-messages.ts'

export interface NewPasswordFieldsProps {
  /** The field labels' noun: "비밀번호" on sign-up, "새 비밀번호" on a reset. */
  label: string
  errors: { password?: NewPasswordFieldError; passwordConfirm?: NewPasswordFieldError }
}

/** A new password typed twice (`password`, `passwordConfirm`), with the rule as a hint and each field's error. */
export function NewPasswordFields({ label, errors }: NewPasswordFieldsProps): ReactNode {
  return (
    <>
      <Field
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={newPasswordHint}
        error={errors.password && newPasswordErrors[errors.password]}
      />
      <Field
        label={`${label} 확인`}
        name="passwordConfirm"
        type="password"
        autoComplete="new-password"
        error={errors.passwordConfirm && newPasswordErrors[errors.passwordConfirm]}
      />
    </>
  )
}
