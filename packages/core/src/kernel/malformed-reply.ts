/**
 * A transport answered, but with something that is no HTTP response (the desktop wrapper's `proxy`
 * command replying garbage). A TypeError, as fetch's own failures are, so code that only knows fetch
 * treats it as a failed request; the API client tells it apart and reports the spec's
 * 응답 처리 중 오류가 발생했습니다 rather than a network failure.
 */
export class MalformedReplyError extends TypeError {
  override readonly name = 'MalformedReplyError'
}
