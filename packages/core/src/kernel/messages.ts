import { PHONE_CODE_FORMAT_MESSAGE, PHONE_FORMAT_MESSAGE } from '../contract/korean-phone.ts'

/**
 * Every Korean string of the spec, quoted exactly (a test checks each line of
 * spec/messages.txt against this module). Where the spec quotes a string with and without a final
 * period, both forms are here, under different names, because different screens use them.
 * Every text of this module is listed in docs/contract/messages.md with when it shows; a text added
 * here goes there too (messages-doc.test.ts compares the two).
 */
export const messages = {
  // API client (sections 4, 5, 8)
  tokenRefreshed: '토큰이 갱신되었습니다. 다시 시도해주세요.',
  sessionExpired: '세션이 만료되었습니다. 다시 로그인해주세요.',
  authRequired: '인증이 필요합니다.',
  invalidJson: '응답을 JSON으로 처리하는 중 오류가 발생했습니다.',
  responseProcessingFailed: '응답 처리 중 오류가 발생했습니다.',
  loginRequired: '로그인이 필요합니다.',

  // Sign-in (section 5)
  invalidCredentials: '이메일 또는 비밀번호가 올바르지 않습니다.',
  missingUserIdentity: '사용자 식별 정보 누락',
  accountNotActivated: '계정이 활성화되지 않았습니다. 이메일을 확인해주세요.',

  // Devices (sections 5, 8)
  selectDeviceToRemove: '제거할 기기를 선택해주세요',
  deviceLimitReached: '최대 기기 수에 도달했습니다.',
  deviceRemovalFailed: '기기 제거에 실패했습니다. 다시 시도해주세요.',
  deviceRemovalError: '기기 제거 중 오류가 발생했습니다. 다시 시도해주세요.',
  deviceRemoved: '기기가 성공적으로 제거되었습니다',
  otherDeviceWatchEnded: '다른 기기 시청이 종료되었습니다.',
  sessionRegistrationFailed: '세션 등록에 실패했습니다.',
  sessionInitializationError: '세션 초기화 중 오류가 발생했습니다.',
  noSessionInfo: '세션 정보가 없습니다.',
  cannotTerminateOtherSessions: '다른 기기 세션을 종료할 수 없습니다',
  cannotForceLogoutDevice: '기기를 강제 로그아웃 할 수 없습니다.',
  cannotDeleteDevice: '기기를 삭제할 수 없습니다.',

  // Auth toasts (section 8)
  passwordChanged: '비밀번호가 성공적으로 변경되었습니다.',
  loginError: '로그인 중 오류가 발생했습니다',
  /** The auth toast form, without the final period. */
  noSessionInfoToast: '세션 정보가 없습니다',
  oauthInitFailed: 'OAuth 로그인 초기화 실패',
  oauthProcessingError: 'OAuth 인증 처리 중 오류 발생',
  passwordResetEmailFailed: '비밀번호 재설정 이메일 발송 실패',
  passwordChangeFailed: '비밀번호 변경 실패',
  authInfoSaveFailed: '인증 정보 저장에 실패했습니다',
  accountCreationFailed: '계정 생성 실패',
} as const

export type MessageKey = keyof typeof messages

/**
 * Korean texts of what decisions.md adds where the spec is silent (phone verification, profile
 * completion, the admin area). Ours, not the spec's: kept apart so `messages` stays the spec's list.
 */
export const decisionMessages = {
  invalidPhone: PHONE_FORMAT_MESSAGE,
  invalidPhoneCode: PHONE_CODE_FORMAT_MESSAGE,
  phoneCodeNotSent: '인증번호를 먼저 요청해주세요.',
  phoneNotVerified: '휴대폰 번호 인증이 필요합니다.',
  nameRequired: '이름을 입력해주세요.',
  nicknameRequired: '닉네임을 입력해주세요.',
  adminOnly: '관리자 권한이 필요합니다.',
  adminDeviceSignedOut: '기기를 로그아웃했습니다.',
  adminDeviceSignOutFailed: '기기를 로그아웃하지 못했습니다. 다시 시도해주세요.',
  signedOutByOtherDevice: '다른 기기에서 이 기기를 로그아웃했습니다. 다시 로그인해주세요.',
  signedOutByAdmin: '관리자가 이 기기를 로그아웃했습니다. 다시 로그인해주세요.',
  signedOutAfterInactivity: '오랫동안 사용하지 않아 이 기기가 로그아웃되었습니다. 다시 로그인해주세요.',
  signedOutByServer: '이 기기가 로그아웃되었습니다. 다시 로그인해주세요.',
  /** The other side of 다른 기기 시청이 종료되었습니다.: the device whose watch another device ended. */
  watchEndedByOtherDevice: '다른 기기에서 시청을 시작하여 이 기기의 시청이 종료되었습니다.',
  googleAccountLinked: '구글 계정이 연결되었습니다. 다음부터 구글로도 로그인할 수 있습니다.',
  kakaoAccountLinked: '카카오 계정이 연결되었습니다. 다음부터 카카오로도 로그인할 수 있습니다.',
  accountLinkFailed: '계정을 연결하지 못했습니다. 다시 시도해주세요.',
  /** The desktop app could not bring the lesson's video through its proxy (loadPlayableMedia). */
  mediaLoadFailed: '동영상을 불러오지 못했습니다. 다시 시도해주세요.',
  /** Sign-up without 이용약관, 개인정보 수집·이용 and 만 14세 이상 all ticked (decisions.md, "Sign-up consent"). */
  consentRequired: '필수 약관에 모두 동의해주세요.',
  /** /auth/callback: the confirmation mail's link expired or was followed before (decisions.md, the auth server's limits). */
  confirmationLinkExpired: '인증 링크가 만료되었거나 이미 사용되었습니다.',
  /** /auth/callback: Google or Kakao came back after the sign-in's 5 minutes, or the return was used before. */
  oauthSignInExpired: '로그인 시간이 초과되었습니다. 처음부터 다시 로그인해주세요.',
} as const

/** decisions.md's texts with a run-time part. */
export const decisionTemplates = {
  /** The auth server's 429 on a mail (sign-up, resend, password reset): how long until the next one. */
  mailWait: (seconds: number): string => `보안을 위해 메일은 ${seconds}초 후에 다시 보낼 수 있습니다.`,
} as const

/** Why this device was signed out, as the app tells the person (decisions.md, "A device that was signed out elsewhere is told so"). */
export function evictionMessage(reason: string): string {
  switch (reason) {
    case 'removed':
    case 'forced':
      return decisionMessages.signedOutByOtherDevice
    case 'admin':
      return decisionMessages.signedOutByAdmin
    case 'expired':
      return decisionMessages.signedOutAfterInactivity
    default:
      return decisionMessages.signedOutByServer
  }
}

/** The spec's "..." strings: the detail is filled in at run time. */
export const messageTemplates = {
  loginFailed: (detail: string): string => `로그인 실패: ${detail}`,
  accountCreationError: (detail: string): string => `계정 생성 중 오류가 발생했습니다: ${detail}`,
} as const
