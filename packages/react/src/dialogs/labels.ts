import type { DeviceType } from '@coursekit/core/contract'

/**
 * The dialogs' own Korean texts. The spec quotes none of these (its messages, such as
 * 최대 기기 수에 도달했습니다. and the removal errors, come from the core's `messages`); every one
 * can be replaced through a dialog's `labels` prop. Each is listed in docs/contract/messages.md; a
 * text added here goes there too (labels-doc.test.ts compares the two).
 */
export const dialogLabels = {
  limitDescription: '다른 기기에서 로그아웃하면 이 기기에서 계속 이용할 수 있습니다. 로그아웃할 기기를 선택해주세요.',
  deviceList: '로그인된 기기',
  oldest: '가장 먼저 로그인한 기기',
  watching: '시청 중',
  thisDevice: '이 기기',
  lastSeen: '마지막 접속',
  remove: '선택한 기기 제거',
  removing: '제거 중…',
  close: '닫기',
  conflictTitle: '다른 기기에서 시청 중입니다',
  conflictDescription:
    '한 번에 한 기기에서만 시청할 수 있습니다. 다른 기기의 시청을 종료하고 이 기기에서 보시겠습니까?',
  endOtherWatch: '다른 기기 시청 종료',
  ending: '종료 중…',
  deviceTypes: { desktop: '데스크톱', mobile: '모바일', tablet: '태블릿' } satisfies Record<DeviceType, string>,
}

export type DialogLabels = typeof dialogLabels
