import { captionPath } from '@coursekit/core/contract'
import { clipForLesson } from '../media-clips.ts'

/**
 * A lesson of decisions.md; its video is served at /media/{videoId}, one of the shipped clips, and
 * its Korean captions at /media/{videoId}.vtt (a path on the media host).
 */
const lesson = (id: number, courseId: number, order: number, title: string, isPreview = false) => {
  const videoId = `video-${courseId}-${order}`
  return {
    id,
    courseId,
    order,
    title,
    durationSec: clipForLesson(order).durationSec,
    videoId,
    isPreview,
    captions: [{ lang: 'ko', label: '한국어', url: captionPath(videoId) }],
  }
}

export const lessons = [
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
