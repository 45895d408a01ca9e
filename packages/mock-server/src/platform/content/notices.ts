export const notices = [
  {
    id: 301,
    title: '[필독] 동시 접속 기기 제한 안내',
    content:
      '계정 보호를 위해 한 계정으로 동시에 로그인할 수 있는 기기 수가 제한됩니다. 기기 수를 초과하면 기존 기기를 제거한 뒤 이용해주세요.',
    category: '서비스',
    isPinned: true,
    createdAt: '2026-09-01T01:00:00.000Z',
  },
  {
    id: 302,
    title: '추석 연휴 고객센터 운영 안내',
    content: '추석 연휴 기간(10월 3일~10월 9일)에는 고객센터 채팅 상담만 운영됩니다.',
    category: '운영',
    isPinned: false,
    createdAt: '2026-09-25T01:00:00.000Z',
  },
  {
    id: 303,
    title: '신규 강의 오픈: 비즈니스 영어 이메일 쓰기',
    content: '해외 업무가 많은 직장인을 위한 비즈니스 영어 강의가 새로 열렸습니다.',
    category: '강의',
    isPinned: false,
    createdAt: '2026-07-01T01:00:00.000Z',
  },
  {
    id: 304,
    title: '개인정보 처리방침 개정 안내',
    content: '2026년 11월 1일부터 개정된 개인정보 처리방침이 적용됩니다.',
    category: '정책',
    isPinned: false,
    createdAt: '2026-10-15T01:00:00.000Z',
  },
]
