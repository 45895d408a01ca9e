export const courseCategories = [
  { id: 1, name: '프로그래밍', slug: 'programming', order: 1, courseCount: 3 },
  { id: 2, name: '데이터 분석', slug: 'data', order: 2, courseCount: 2 },
  { id: 3, name: '디자인', slug: 'design', order: 3, courseCount: 1 },
  { id: 4, name: '마케팅', slug: 'marketing', order: 4, courseCount: 1 },
  { id: 5, name: '외국어', slug: 'language', order: 5, courseCount: 1 },
]
