import { ErrorCode, endpoints } from '@coursekit/core/contract'
import { Hono } from 'hono'
import type { BackendContext } from '../context.ts'
import { apiError, type BackendEnv, BadRequest, readBody } from '../http.ts'
import { routePath } from './route-path.ts'
import {
  DEVICE_LIMIT_MESSAGE,
  deviceList,
  notLiveResponse,
  SESSION_NOT_FOUND_MESSAGE,
  serverState,
  videoConflictResponse,
} from './session-wire.ts'

const MAX_SESSION_ID_LENGTH = 256

/**
 * The device-session tracker. The registry does every check-and-change synchronously; these handlers
 * only read the body, call it once and shape the answer.
 */
export function createSessionTrackerRoutes(ctx: BackendContext): Hono<BackendEnv> {
  const app = new Hono<BackendEnv>()
  const { devices, clock, options } = ctx

  app.post(routePath(endpoints.registerSession.path), async (c) => {
    const body = await readBody(c, endpoints.registerSession.body)
    const userAgent = body.userAgent || c.req.header('user-agent') || ''
    const result = devices.register(c.get('user').sub, body.sessionId, userAgent)
    if (result.kind === 'foreign' || result.kind === 'revoked') return notLiveResponse(c, result)
    if (result.kind === 'limit') {
      return apiError(c, 403, ErrorCode.deviceLimitReached, DEVICE_LIMIT_MESSAGE, {
        canForceLogout: options.canForceLogout,
        deviceLimit: devices.deviceLimit,
        sessions: deviceList(result.sessions),
      })
    }
    return c.json({
      success: true,
      sessionId: result.session.id,
      created: result.created,
      canForceLogout: false,
      sessions: deviceList(devices.list(result.session.userId)),
      serverState: serverState(devices, result.session, clock.now()),
    })
  })

  app.post(routePath(endpoints.heartbeat.path), async (c) => {
    const body = await readBody(c, endpoints.heartbeat.body)
    const result = devices.heartbeat(c.get('user').sub, body.sessionId)
    if (result.kind !== 'ok') return notLiveResponse(c, result)
    return c.json({ success: true, serverState: serverState(devices, result.session, clock.now()) })
  })

  app.post(routePath(endpoints.watch.path), async (c) => {
    const body = await readBody(c, endpoints.watch.body)
    const result = devices.watch(c.get('user').sub, body.sessionId, body.videoId)
    if (result.kind === 'conflict') return videoConflictResponse(c, result.other)
    if (result.kind !== 'ok') return notLiveResponse(c, result)
    return c.json({
      success: true,
      videoId: body.videoId,
      serverState: serverState(devices, result.session, clock.now()),
    })
  })

  app.post(routePath(endpoints.endWatch.path), async (c) => {
    const body = await readBody(c, endpoints.endWatch.body)
    const result = devices.endWatch(c.get('user').sub, body.sessionId)
    if (result.kind !== 'ok') return notLiveResponse(c, result)
    return c.json({ success: true, serverState: serverState(devices, result.session, clock.now()) })
  })

  app.post(routePath(endpoints.terminateOthers.path), async (c) => {
    const body = await readBody(c, endpoints.terminateOthers.body)
    const result = devices.terminateOthers(c.get('user').sub, body.sessionId)
    if (result.kind !== 'ok') return notLiveResponse(c, result)
    return c.json({
      success: true,
      terminated: result.terminated,
      message: '다른 기기 시청이 종료되었습니다.',
      serverState: serverState(devices, result.session, clock.now()),
    })
  })

  app.post(routePath(endpoints.batchUpdate.path), async (c) => {
    const body = await readBody(c, endpoints.batchUpdate.body)
    const result = devices.batchUpdate(c.get('user').sub, body.sessionId, body.updates)
    if (result.kind === 'invalid') throw new BadRequest(result.message)
    if (result.kind === 'conflict') return videoConflictResponse(c, result.other)
    if (result.kind !== 'ok') return notLiveResponse(c, result)
    return c.json({
      success: true,
      applied: result.applied,
      serverState: serverState(devices, result.session, clock.now()),
    })
  })

  // Public: the page sends it as a beacon, without a token. An unknown or already ended id is
  // still 200: ending is idempotent, and a beacon's answer is never read anyway.
  app.post(routePath(endpoints.endSession.path), async (c) => {
    const body = await readBody(c, endpoints.endSession.body)
    const ended = devices.end(body.sessionId)
    return c.json({ success: true, sessionId: body.sessionId, ended })
  })

  app.get(routePath(endpoints.listSessions.path), (c) =>
    c.json({ sessions: deviceList(devices.list(c.get('user').sub)) }),
  )

  app.delete(routePath(endpoints.removeSession.path), (c) => {
    const removed = devices.remove(c.get('user').sub, c.req.param('id') ?? '')
    if (!removed) return apiError(c, 404, ErrorCode.notFound, SESSION_NOT_FOUND_MESSAGE)
    return c.json({ success: true, removedSessionId: removed.id, message: '기기가 성공적으로 제거되었습니다' })
  })

  app.delete(routePath(endpoints.forceLogout.path), (c) => {
    const newSessionId = c.req.query('newSessionId')
    if (newSessionId !== undefined && (newSessionId === '' || newSessionId.length > MAX_SESSION_ID_LENGTH)) {
      throw new BadRequest(`newSessionId must be 1 to ${MAX_SESSION_ID_LENGTH} characters`)
    }
    const newSession =
      newSessionId === undefined ? undefined : { id: newSessionId, userAgent: c.req.header('user-agent') ?? '' }
    const result = devices.forceLogout(c.get('user').sub, c.req.param('sessionId') ?? '', newSession)
    switch (result.kind) {
      case 'not-found':
        return apiError(c, 404, ErrorCode.notFound, SESSION_NOT_FOUND_MESSAGE)
      case 'same-id':
        throw new BadRequest('newSessionId must differ from the session being signed out')
      case 'foreign-new':
        return notLiveResponse(c, { kind: 'foreign' })
      case 'done':
        return c.json({
          success: true,
          removedSessionId: result.removed.id,
          registeredSessionId: result.registered?.id ?? null,
          ...(result.registered ? { serverState: serverState(devices, result.registered, clock.now()) } : {}),
        })
    }
  })

  return app
}
