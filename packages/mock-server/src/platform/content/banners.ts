import { imagePath } from './images.ts'

export const banners = [
  {
    id: 401,
    title: '가을 맞이 전 강의 최대 40% 할인',
    subtitle: '11월 30일까지, 지금 바로 시작하세요',
    imageUrl: imagePath('banner-401'),
    linkUrl: '/courses?sale=true',
    order: 1,
    startsAt: '2026-10-01T00:00:00.000Z',
    endsAt: '2026-11-30T14:59:59.000Z',
  },
  {
    id: 402,
    title: '무료 자바스크립트 입문 강의',
    subtitle: '코딩이 처음이라면 여기서부터',
    imageUrl: imagePath('banner-402'),
    linkUrl: '/courses/102',
    order: 2,
    startsAt: '2026-01-15T00:00:00.000Z',
    endsAt: '2026-12-31T14:59:59.000Z',
  },
  {
    id: 403,
    title: '멘토와 함께하는 라이브 Q&A',
    subtitle: '매주 목요일 저녁 8시',
    imageUrl: imagePath('banner-403'),
    linkUrl: '/calendar',
    order: 3,
    startsAt: '2026-09-01T00:00:00.000Z',
    endsAt: '2026-12-31T14:59:59.000Z',
  },
]
