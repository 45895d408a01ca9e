export const menuSettings = [
  { id: 1, label: '전체 강의', path: '/courses', order: 1, visible: true, requiresAuth: false },
  { id: 2, label: '멘토', path: '/mentors', order: 2, visible: true, requiresAuth: false },
  { id: 3, label: '일정', path: '/calendar', order: 3, visible: true, requiresAuth: false },
  { id: 4, label: '공지사항', path: '/notices', order: 4, visible: true, requiresAuth: false },
  { id: 5, label: '내 강의실', path: '/my/courses', order: 5, visible: true, requiresAuth: true },
  { id: 6, label: '기기 관리', path: '/my/devices', order: 6, visible: true, requiresAuth: true },
]
