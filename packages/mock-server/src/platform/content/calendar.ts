export const calendar = [
  {
    id: 601,
    title: '실무 React 라이브 Q&A',
    type: 'LIVE',
    courseId: 101,
    startsAt: '2026-11-05T11:00:00.000Z',
    endsAt: '2026-11-05T12:00:00.000Z',
  },
  {
    id: 602,
    title: '데이터 분석 과제 제출 마감',
    type: 'DEADLINE',
    courseId: 103,
    startsAt: '2026-11-10T14:59:59.000Z',
    endsAt: '2026-11-10T14:59:59.000Z',
  },
  {
    id: 603,
    title: 'Figma 포트폴리오 리뷰 세션',
    type: 'LIVE',
    courseId: 105,
    startsAt: '2026-11-12T11:00:00.000Z',
    endsAt: '2026-11-12T12:30:00.000Z',
  },
  {
    id: 604,
    title: '겨울 특강 수강 신청 시작',
    type: 'OPEN',
    courseId: null,
    startsAt: '2026-11-20T00:00:00.000Z',
    endsAt: '2026-11-20T00:00:00.000Z',
  },
]
