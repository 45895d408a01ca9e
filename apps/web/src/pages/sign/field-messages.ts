import {
  type EmailFieldError,
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  type NewPasswordFieldError,
} from '@coursekit/core/flows'

/** The sign pages' words for a field the form refused (the rules are the bindings'). */
export const emailErrors: Record<EmailFieldError, string> = {
  required: '이메일을 입력해주세요.',
  invalid: '이메일 주소 형식을 확인해주세요.',
}

export const newPasswordErrors: Record<NewPasswordFieldError, string> = {
  required: '비밀번호를 입력해주세요.',
  'too-short': `비밀번호는 ${NEW_PASSWORD_MIN}자 이상이어야 합니다.`,
  'too-long': `비밀번호는 ${NEW_PASSWORD_MAX}자 이하여야 합니다.`,
  mismatch: '비밀번호가 일치하지 않습니다.',
}

/** Said under a new-password field before anything goes wrong. */
export const newPasswordHint = `${NEW_PASSWORD_MIN}자 이상 ${NEW_PASSWORD_MAX}자 이하`
