import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { AuthError } from './errors.ts'

/**
 * The JSON body, checked against a schema. GoTrue answers both unparseable JSON and fields of the
 * wrong type with 400 `bad_json` ("Could not parse request body as JSON"), before any other check.
 */
export async function readAuthBody<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text()
  let json: unknown = {}
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text)
    } catch (error) {
      throw badJson((error as Error).message)
    }
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'body'
    throw badJson(`${where}: ${issue?.message ?? 'unexpected value'}`)
  }
  return parsed.data
}

const badJson = (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`)
