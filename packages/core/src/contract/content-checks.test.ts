import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { ContentItem, ContentList } from './content.ts'
import { isContentItem, isContentList } from './content-checks.ts'
import { endpointRoutes } from './endpoint-routes.ts'
import { endpoints } from './endpoints.ts'

/** Values shaped like content answers, good and bad: the checks' edge cases come up often. */
const id = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, undefined, true, Number.NaN, Number.POSITIVE_INFINITY),
)
const item = fc.oneof(
  fc.record({ id }, { requiredKeys: [] }),
  fc.dictionary(fc.string(), fc.jsonValue()).map((fields) => ({ ...fields, id: 1 })),
  fc.jsonValue(),
  fc.constant([]),
)
const goodItem = fc
  .tuple(fc.oneof(fc.string(), fc.integer()), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }))
  .map(([itemId, fields]) => ({ ...fields, id: itemId }))
const list = fc.oneof(
  fc.record({ items: fc.array(fc.oneof(goodItem, goodItem, item)), total: fc.oneof(fc.integer(), id) }),
  fc.record({ items: fc.oneof(fc.array(item), item), total: fc.oneof(id, fc.jsonValue()) }, { requiredKeys: [] }),
  fc.jsonValue(),
)

describe('the content checks accept nothing their schema refuses', () => {
  it.each([
    ['isContentItem', isContentItem, ContentItem, item],
    ['isContentList', isContentList, ContentList, list],
  ] as const)('%s, and what both accept reads the same', (_, check, schema, values) => {
    let accepted = 0
    fc.assert(
      fc.property(values as fc.Arbitrary<unknown>, (value) => {
        // zod copies a `__proto__` key into the prototype of what it returns; the check leaves the
        // answer as JSON.parse made it, a plain key. The rest reads the same.
        fc.pre(!JSON.stringify(value ?? null).includes('"__proto__"'))
        const parsed = (schema as z.ZodMiniType).safeParse(value)
        if (check(value)) {
          accepted++
          expect(parsed.success).toBe(true)
          expect(parsed.data).toEqual(value)
        }
      }),
      { numRuns: 2000 },
    )
    // The property proves something only if the check passes values at all.
    expect(accepted).toBeGreaterThan(100)
  })

  it('pass the answers the mock server sends', () => {
    expect(isContentList({ items: [{ id: 101, title: '리액트' }, { id: 'b1' }], total: 2 })).toBe(true)
    expect(isContentItem({ id: 101, title: '리액트', price: 1000 })).toBe(true)
  })

  it("are used only where the endpoint's response is that schema", () => {
    for (const [name, route] of Object.entries(endpointRoutes)) {
      if (!('fits' in route)) continue
      const response = endpoints[name as keyof typeof endpoints].response
      expect([ContentList, ContentItem], name).toContain(response)
      expect(route.fits, name).toBe(response === ContentList ? isContentList : isContentItem)
    }
  })
})
