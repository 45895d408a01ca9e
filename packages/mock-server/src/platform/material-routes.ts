import { ErrorCode, LESSON_MATERIALS_PATH } from '@coursekit/core/contract'
import { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { apiError, type BackendEnv, requireUser } from '../http.ts'
import { lessons as sampleLessons } from './content/lessons.ts'
import { attachmentHeader, materialsFileFor } from './lesson-materials.ts'
import { routePath } from './route-path.ts'

export const MATERIALS_NOT_FOUND_MESSAGE = '요청한 수업 자료를 찾을 수 없습니다.'

/**
 * GET /api/v2/lessons/{lessonId}/materials: the lesson's materials as an attachment under its
 * Korean name. The lessons prefix is public (spec section 6), so this route asks for the bearer
 * itself: a preview lesson's materials are anyone's, as its video is; any other lesson's need a
 * valid token (401 as every private route answers, before saying whether the lesson exists).
 */
export function createMaterialRoutes(ctx: BackendContext): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const authenticate = requireUser(ctx)
  const lessons = new Map(sampleLessons.map((lesson) => [String(lesson.id), lesson]))

  const lessonOf = (c: { req: { param(name: 'lessonId'): string | undefined } }) =>
    lessons.get(c.req.param('lessonId') ?? '')

  app.get(
    routePath(LESSON_MATERIALS_PATH),
    (c, next) => (lessonOf(c)?.isPreview ? next() : authenticate(c, next)),
    (c) => {
      const lesson = lessonOf(c)
      if (!lesson) return apiError(c, 404, ErrorCode.notFound, MATERIALS_NOT_FOUND_MESSAGE)
      const file = materialsFileFor(lesson)
      return new Response(file.bytes, {
        headers: {
          'content-type': file.contentType,
          'content-length': String(file.bytes.byteLength),
          'content-disposition': attachmentHeader(file.filename, file.asciiFilename),
          'cache-control': 'private, no-store',
        },
      })
    },
  )

  return app
}
