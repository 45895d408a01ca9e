import { CDN } from './cdn.ts'

export const mentors = [
  {
    id: 1,
    name: '박준호',
    title: '시니어 프론트엔드 개발자',
    bio: '대형 커머스 서비스에서 10년간 웹 프론트엔드를 개발했습니다. 실무에서 바로 쓰는 React를 가르칩니다.',
    profileImageUrl: `${CDN}/mentors/1.jpg`,
    careers: ['전 쿠팡 프론트엔드 리드', '현 스타트업 CTO'],
    courseIds: [101, 102],
  },
  {
    id: 2,
    name: '이서연',
    title: '데이터 사이언티스트',
    bio: '금융권에서 추천 시스템과 리스크 모델을 만들었습니다. 통계가 어렵지 않다는 것을 보여드릴게요.',
    profileImageUrl: `${CDN}/mentors/2.jpg`,
    careers: ['전 카카오뱅크 데이터팀', '통계학 석사'],
    courseIds: [103, 104],
  },
  {
    id: 3,
    name: '최민지',
    title: 'UX/UI 디자이너',
    bio: '사용자가 헤매지 않는 화면을 설계합니다. Figma로 포트폴리오까지 완성해봅시다.',
    profileImageUrl: `${CDN}/mentors/3.jpg`,
    careers: ['전 토스 프로덕트 디자이너'],
    courseIds: [105],
  },
  {
    id: 4,
    name: '정우성',
    title: '퍼포먼스 마케터',
    bio: '광고비 1원까지 측정하는 마케팅을 합니다. 데이터로 말하는 마케터가 되어보세요.',
    profileImageUrl: `${CDN}/mentors/4.jpg`,
    careers: ['전 배달의민족 그로스팀', '디지털 마케팅 컨설턴트'],
    courseIds: [106, 107],
  },
]
