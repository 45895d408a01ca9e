/**
 * As a board serves them: pinned notices first, then the newest first. Twelve, so the board has a
 * second page at ten a page; bodies keep paragraphs apart with a blank line.
 */
export const notices = [
  {
    id: 301,
    title: '[필독] 동시 접속 기기 제한 안내',
    content: [
      '계정 보호를 위해 한 계정으로 동시에 로그인할 수 있는 기기 수가 제한됩니다. 기기 수를 초과하면 기존 기기를 제거한 뒤 이용해주세요.',
      '로그인할 때 기기 수가 가득 찼다면 로그인된 기기 목록이 나타납니다. 가장 오래 사용하지 않은 기기가 미리 선택되어 있으니, 확인한 뒤 제거하면 지금 기기에서 바로 이어서 이용할 수 있습니다.',
      '영상은 한 번에 한 기기에서만 시청할 수 있습니다. 다른 기기에서 시청 중이라면 그 기기의 시청을 종료하고 이 기기에서 볼지 묻습니다.',
      '다른 기기에서 로그아웃된 기기는 다음 접속 확인 때 그 이유를 알려드리고 로그인 화면으로 이동합니다. 내 기기 목록은 언제든 기기 관리 메뉴에서 확인할 수 있습니다.',
    ].join('\n\n'),
    category: '서비스',
    isPinned: true,
    createdAt: '2026-09-01T01:00:00.000Z',
  },
  {
    id: 312,
    title: '[필독] 수강 기간 및 환불 규정 안내',
    content: [
      '모든 강의의 수강 기간은 결제일로부터 1년입니다. 수강 기간 안에는 횟수 제한 없이 다시 볼 수 있습니다.',
      '결제 후 7일 이내이고 수강 진도가 10% 미만이면 전액 환불됩니다. 그 밖의 경우에는 남은 수강 기간에 따라 부분 환불됩니다.',
    ].join('\n\n'),
    category: '정책',
    isPinned: true,
    createdAt: '2026-08-20T01:00:00.000Z',
  },
  {
    id: 311,
    title: '12월 라이브 특강 일정 안내',
    content: [
      '12월에도 멘토와 함께하는 라이브 특강이 열립니다. 자세한 시간은 일정 메뉴에서 확인해주세요.',
      '라이브 특강은 수강 중인 강의의 질문을 미리 받아 답변하는 방식으로 진행됩니다. 질문은 각 강의의 라이브 Q&A 일정 하루 전까지 남겨주세요.',
    ].join('\n\n'),
    category: '강의',
    isPinned: false,
    createdAt: '2026-11-20T01:00:00.000Z',
  },
  {
    id: 310,
    title: '겨울 특강 수강 신청 오픈',
    content: '겨울 특강 수강 신청이 11월 20일 오전 9시에 시작됩니다. 선착순 마감이니 서둘러주세요.',
    category: '강의',
    isPinned: false,
    createdAt: '2026-11-12T01:00:00.000Z',
  },
  {
    id: 309,
    title: '서비스 점검 안내 (11월 8일 새벽)',
    content: [
      '더 안정적인 서비스를 위해 11월 8일(일) 오전 2시부터 4시까지 서비스 점검이 진행됩니다.',
      '점검 시간에는 로그인과 영상 시청이 잠시 중단됩니다. 이용에 불편을 드려 죄송합니다.',
    ].join('\n\n'),
    category: '운영',
    isPinned: false,
    createdAt: '2026-11-02T01:00:00.000Z',
  },
  {
    id: 304,
    title: '개인정보 처리방침 개정 안내',
    content: '2026년 11월 1일부터 개정된 개인정보 처리방침이 적용됩니다.',
    category: '정책',
    isPinned: false,
    createdAt: '2026-10-15T01:00:00.000Z',
  },
  {
    id: 308,
    title: '가을 맞이 전 강의 할인 이벤트',
    content:
      '11월 30일까지 전 강의를 최대 40% 할인된 가격으로 만나보세요. 할인 코드는 결제 화면에서 확인할 수 있습니다.',
    category: '이벤트',
    isPinned: false,
    createdAt: '2026-10-01T01:00:00.000Z',
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
    id: 307,
    title: '모바일 앱 화면 개선 안내',
    content: '작은 화면에서도 강의 목록과 영상 플레이어를 편하게 쓸 수 있도록 화면을 개선했습니다.',
    category: '서비스',
    isPinned: false,
    createdAt: '2026-09-10T01:00:00.000Z',
  },
  {
    id: 306,
    title: '수료증 발급 기능 오픈',
    content: '강의를 모두 수강하면 내 강의실에서 수료증을 내려받을 수 있습니다.',
    category: '서비스',
    isPinned: false,
    createdAt: '2026-08-05T01:00:00.000Z',
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
    id: 305,
    title: '코스킷 서비스 오픈 안내',
    content: '배우고 싶은 것을 언제 어디서나. 코스킷이 문을 열었습니다.',
    category: '서비스',
    isPinned: false,
    createdAt: '2026-06-01T01:00:00.000Z',
  },
]
