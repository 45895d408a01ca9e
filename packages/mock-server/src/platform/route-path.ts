/** A contract path template (`/api/users/{id}`) as a Hono route (`/api/users/:id`), so both read one table. */
export function routePath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1')
}
