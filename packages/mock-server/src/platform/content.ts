import { clipForLesson } from './media-clips.ts'

/**
 * Sample content for the public reads. The spec does not show these fields, so they are what a
 * Korean course platform typically serves; the client checks the `{ items, total }` envelope, and
 * a lesson's fields (decisions.md, the contract's Lesson).
 * Frozen: every backend instance serves the same data and none can change it.
 */

export interface ContentItem {
  readonly id: number
  readonly [field: string]: unknown
}

const CDN = 'https://cdn.coursekit.dev'

const courseCategories = [
  { id: 1, name: '프로그래밍', slug: 'programming', order: 1, courseCount: 3 },
  { id: 2, name: '데이터 분석', slug: 'data', order: 2, courseCount: 2 },
  { id: 3, name: '디자인', slug: 'design', order: 3, courseCount: 1 },
  { id: 4, name: '마케팅', slug: 'marketing', order: 4, courseCount: 1 },
  { id: 5, name: '외국어', slug: 'language', order: 5, courseCount: 1 },
]

const mentors = [
  {
    id: 1,
    name: '박준호',
    title: '시니어 프론트엔드 개발자',
    bio: '대형 커머스 서비스에서 10년간 웹 프론트엔드를 개발했습니다. 실무에서 바로 쓰는 React를 가르칩니다.',
    profileImageUrl: `${CDN}/mentors/1.jpg`,
    careers: ['前 쿠팡 프론트엔드 리드', '現 스타트업 CTO'],
    courseIds: [101, 102],
  },
  {
    id: 2,
    name: '이서연',
    title: '데이터 사이언티스트',
    bio: '금융권에서 추천 시스템과 리스크 모델을 만들었습니다. 통계가 어렵지 않다는 것을 보여드릴게요.',
    profileImageUrl: `${CDN}/mentors/2.jpg`,
    careers: ['前 카카오뱅크 데이터팀', '통계학 석사'],
    courseIds: [103, 104],
  },
  {
    id: 3,
    name: '최민지',
    title: 'UX/UI 디자이너',
    bio: '사용자가 헤매지 않는 화면을 설계합니다. Figma로 포트폴리오까지 완성해봅시다.',
    profileImageUrl: `${CDN}/mentors/3.jpg`,
    careers: ['前 토스 프로덕트 디자이너'],
    courseIds: [105],
  },
  {
    id: 4,
    name: '정우성',
    title: '퍼포먼스 마케터',
    bio: '광고비 1원까지 측정하는 마케팅을 합니다. 데이터로 말하는 마케터가 되어보세요.',
    profileImageUrl: `${CDN}/mentors/4.jpg`,
    careers: ['前 배달의민족 그로스팀', '디지털 마케팅 컨설턴트'],
    courseIds: [106, 107],
  },
]

const courses = [
  {
    id: 101,
    title: '실무 React 완벽 가이드',
    slug: 'react-in-practice',
    categoryId: 1,
    mentorId: 1,
    level: '중급',
    price: 129000,
    salePrice: 89000,
    rating: 4.8,
    reviewCount: 3,
    thumbnailUrl: `${CDN}/courses/101.jpg`,
    summary: '컴포넌트 설계부터 상태 관리, 성능 최적화까지 현업 React의 모든 것',
    tags: ['React', 'TypeScript', '프론트엔드'],
    isPublished: true,
    createdAt: '2026-03-02T09:00:00.000Z',
  },
  {
    id: 102,
    title: '처음 만나는 자바스크립트',
    slug: 'javascript-first-steps',
    categoryId: 1,
    mentorId: 1,
    level: '입문',
    price: 0,
    salePrice: 0,
    rating: 4.9,
    reviewCount: 2,
    thumbnailUrl: `${CDN}/courses/102.jpg`,
    summary: '코딩이 처음인 분을 위한 무료 자바스크립트 입문 강의',
    tags: ['JavaScript', '무료'],
    isPublished: true,
    createdAt: '2026-01-15T09:00:00.000Z',
  },
  {
    id: 103,
    title: '파이썬으로 시작하는 데이터 분석',
    slug: 'python-data-analysis',
    categoryId: 2,
    mentorId: 2,
    level: '입문',
    price: 99000,
    salePrice: 69000,
    rating: 4.7,
    reviewCount: 1,
    thumbnailUrl: `${CDN}/courses/103.jpg`,
    summary: 'pandas와 시각화로 엑셀을 넘어서는 데이터 분석',
    tags: ['Python', 'pandas', '데이터'],
    isPublished: true,
    createdAt: '2026-02-10T09:00:00.000Z',
  },
  {
    id: 104,
    title: '현업 SQL 마스터 클래스',
    slug: 'sql-master-class',
    categoryId: 2,
    mentorId: 2,
    level: '중급',
    price: 110000,
    salePrice: 110000,
    rating: 4.6,
    reviewCount: 1,
    thumbnailUrl: `${CDN}/courses/104.jpg`,
    summary: '윈도우 함수와 실행 계획까지, 데이터 직군 면접에 나오는 SQL',
    tags: ['SQL', '데이터베이스'],
    isPublished: true,
    createdAt: '2026-04-21T09:00:00.000Z',
  },
  {
    id: 105,
    title: 'Figma로 완성하는 UI 디자인 포트폴리오',
    slug: 'figma-ui-portfolio',
    categoryId: 3,
    mentorId: 3,
    level: '초급',
    price: 149000,
    salePrice: 119000,
    rating: 4.9,
    reviewCount: 1,
    thumbnailUrl: `${CDN}/courses/105.jpg`,
    summary: '오토 레이아웃과 디자인 시스템으로 실무형 포트폴리오 만들기',
    tags: ['Figma', 'UI', '포트폴리오'],
    isPublished: true,
    createdAt: '2026-05-06T09:00:00.000Z',
  },
  {
    id: 106,
    title: '퍼포먼스 마케팅 A to Z',
    slug: 'performance-marketing',
    categoryId: 4,
    mentorId: 4,
    level: '초급',
    price: 89000,
    salePrice: 59000,
    rating: 4.5,
    reviewCount: 1,
    thumbnailUrl: `${CDN}/courses/106.jpg`,
    summary: '메타·구글 광고 세팅부터 전환 추적, 예산 배분까지',
    tags: ['마케팅', '광고', 'GA4'],
    isPublished: true,
    createdAt: '2026-06-12T09:00:00.000Z',
  },
  {
    id: 107,
    title: '비즈니스 영어 이메일 쓰기',
    slug: 'business-english-email',
    categoryId: 5,
    mentorId: 4,
    level: '입문',
    price: 49000,
    salePrice: 39000,
    rating: 4.4,
    reviewCount: 0,
    thumbnailUrl: `${CDN}/courses/107.jpg`,
    summary: '해외 거래처에 바로 보낼 수 있는 상황별 영어 이메일 표현',
    tags: ['영어', '비즈니스'],
    isPublished: true,
    createdAt: '2026-07-01T09:00:00.000Z',
  },
]

/** A lesson of decisions.md; its video is served at /media/{videoId}, one of the shipped clips. */
const lesson = (id: number, courseId: number, order: number, title: string, isPreview = false) => ({
  id,
  courseId,
  order,
  title,
  durationSec: clipForLesson(order).durationSec,
  videoId: `video-${courseId}-${order}`,
  isPreview,
})

const lessons = [
  lesson(1001, 101, 1, '오리엔테이션: 이 강의에서 만들 것', true),
  lesson(1002, 101, 2, '컴포넌트를 나누는 기준'),
  lesson(1003, 101, 3, '상태는 어디에 두어야 할까'),
  lesson(1004, 101, 4, '렌더링 성능 측정과 최적화'),
  lesson(1005, 102, 1, '개발 환경 준비하기', true),
  lesson(1006, 102, 2, '변수와 자료형', true),
  lesson(1007, 102, 3, '조건문과 반복문', true),
  lesson(1008, 103, 1, '주피터 노트북과 pandas 시작하기', true),
  lesson(1009, 103, 2, '데이터 정제: 결측치와 이상치'),
  lesson(1010, 103, 3, '시각화로 인사이트 찾기'),
  lesson(1011, 104, 1, 'JOIN을 정확히 이해하기', true),
  lesson(1012, 104, 2, '윈도우 함수 실전'),
  lesson(1013, 105, 1, '오토 레이아웃 기초', true),
  lesson(1014, 105, 2, '컴포넌트와 디자인 시스템'),
  lesson(1015, 106, 1, '광고 계정 구조 설계', true),
  lesson(1016, 106, 2, '전환 추적과 성과 분석'),
  lesson(1017, 107, 1, '첫 인사와 자기소개 메일', true),
  lesson(1018, 107, 2, '일정 조율과 정중한 거절'),
]

/** Each course with its lesson count and total length, as the lessons above make them. */
const coursesWithLessons = courses.map((course) => {
  const own = lessons.filter((item) => item.courseId === course.id)
  return { ...course, lessonCount: own.length, durationSec: own.reduce((sum, item) => sum + item.durationSec, 0) }
})

const courseReviews = [
  {
    id: 5001,
    courseId: 101,
    authorName: '김**',
    rating: 5,
    content: '회사 프로젝트에 바로 적용했어요. 상태 관리 파트가 특히 좋았습니다.',
    createdAt: '2026-08-03T11:20:00.000Z',
  },
  {
    id: 5002,
    courseId: 101,
    authorName: '이**',
    rating: 5,
    content: '설명이 차분하고 예제가 실무 그대로라 이해가 쉬웠습니다.',
    createdAt: '2026-08-19T14:05:00.000Z',
  },
  {
    id: 5003,
    courseId: 101,
    authorName: '박**',
    rating: 4,
    content: '좋은 강의지만 성능 최적화 부분이 조금 더 길었으면 합니다.',
    createdAt: '2026-09-02T20:41:00.000Z',
  },
  {
    id: 5004,
    courseId: 102,
    authorName: '최**',
    rating: 5,
    content: '비전공자인데도 끝까지 따라갈 수 있었어요. 무료라니 감사합니다!',
    createdAt: '2026-07-11T09:12:00.000Z',
  },
  {
    id: 5005,
    courseId: 102,
    authorName: '정**',
    rating: 5,
    content: '코딩 첫걸음으로 강력 추천합니다.',
    createdAt: '2026-07-28T22:30:00.000Z',
  },
  {
    id: 5006,
    courseId: 103,
    authorName: '강**',
    rating: 5,
    content: '엑셀로 하루 걸리던 보고서를 이제 10분 만에 만듭니다.',
    createdAt: '2026-06-30T13:45:00.000Z',
  },
  {
    id: 5007,
    courseId: 104,
    authorName: '윤**',
    rating: 4,
    content: '윈도우 함수 덕분에 데이터 분석가 면접을 통과했어요.',
    createdAt: '2026-09-14T18:00:00.000Z',
  },
  {
    id: 5008,
    courseId: 105,
    authorName: '한**',
    rating: 5,
    content: '포트폴리오 피드백까지 꼼꼼해서 만족합니다.',
    createdAt: '2026-09-21T10:10:00.000Z',
  },
  {
    id: 5009,
    courseId: 106,
    authorName: '서**',
    rating: 4,
    content: '광고 세팅 화면을 하나하나 보여줘서 좋았어요.',
    createdAt: '2026-10-05T16:25:00.000Z',
  },
]

const notices = [
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

const banners = [
  {
    id: 401,
    title: '가을 맞이 전 강의 최대 40% 할인',
    subtitle: '11월 30일까지, 지금 바로 시작하세요',
    imageUrl: `${CDN}/banners/autumn-sale.jpg`,
    linkUrl: '/courses?sale=true',
    order: 1,
    startsAt: '2026-10-01T00:00:00.000Z',
    endsAt: '2026-11-30T14:59:59.000Z',
  },
  {
    id: 402,
    title: '무료 자바스크립트 입문 강의',
    subtitle: '코딩이 처음이라면 여기서부터',
    imageUrl: `${CDN}/banners/free-js.jpg`,
    linkUrl: '/courses/102',
    order: 2,
    startsAt: '2026-01-15T00:00:00.000Z',
    endsAt: '2026-12-31T14:59:59.000Z',
  },
  {
    id: 403,
    title: '멘토와 함께하는 라이브 Q&A',
    subtitle: '매주 목요일 저녁 8시',
    imageUrl: `${CDN}/banners/live-qna.jpg`,
    linkUrl: '/calendar',
    order: 3,
    startsAt: '2026-09-01T00:00:00.000Z',
    endsAt: '2026-12-31T14:59:59.000Z',
  },
]

const calendar = [
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

const availableDiscountCodes = [
  {
    id: 701,
    code: 'WELCOME10',
    name: '신규 회원 10% 할인',
    discountType: 'PERCENT',
    discountValue: 10,
    minOrderAmount: 0,
    courseIds: null,
    expiresAt: '2026-12-31T14:59:59.000Z',
  },
  {
    id: 702,
    code: 'AUTUMN40',
    name: '가을 시즌 40% 할인',
    discountType: 'PERCENT',
    discountValue: 40,
    minOrderAmount: 50000,
    courseIds: [101, 103, 105],
    expiresAt: '2026-11-30T14:59:59.000Z',
  },
  {
    id: 703,
    code: 'DATA20000',
    name: '데이터 강의 2만원 할인',
    discountType: 'AMOUNT',
    discountValue: 20000,
    minOrderAmount: 90000,
    courseIds: [103, 104],
    expiresAt: '2026-12-15T14:59:59.000Z',
  },
]

const menuSettings = [
  { id: 1, label: '전체 강의', path: '/courses', order: 1, visible: true, requiresAuth: false },
  { id: 2, label: '멘토', path: '/mentors', order: 2, visible: true, requiresAuth: false },
  { id: 3, label: '일정', path: '/calendar', order: 3, visible: true, requiresAuth: false },
  { id: 4, label: '공지사항', path: '/notices', order: 4, visible: true, requiresAuth: false },
  { id: 5, label: '내 강의실', path: '/my/courses', order: 5, visible: true, requiresAuth: true },
  { id: 6, label: '기기 관리', path: '/my/devices', order: 6, visible: true, requiresAuth: true },
]

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}

const freeze = (items: object[]): readonly ContentItem[] => deepFreeze(items) as unknown as readonly ContentItem[]

/** Keyed by the contract's endpoint names. */
export const sampleContent = {
  courses: freeze(coursesWithLessons),
  courseCategories: freeze(courseCategories),
  lessons: freeze(lessons),
  courseReviews: freeze(courseReviews),
  mentors: freeze(mentors),
  notices: freeze(notices),
  banners: freeze(banners),
  calendar: freeze(calendar),
  availableDiscountCodes: freeze(availableDiscountCodes),
  menuSettings: freeze(menuSettings),
} as const

export type ContentCollection = keyof typeof sampleContent
