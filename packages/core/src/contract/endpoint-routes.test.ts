import { describe, expect, it } from 'vitest'
import { endpointRoutes } from './endpoint-routes.ts'
import { type EndpointName, endpoints } from './endpoints.ts'

describe('the endpoint routes (what the API client sends a call with before the schemas load)', () => {
  it('name every endpoint of the contract and no other', () => {
    expect(Object.keys(endpointRoutes).sort()).toEqual(Object.keys(endpoints).sort())
  })

  it.each(Object.keys(endpoints) as EndpointName[])('%s: the same method, path and body as its endpoint', (name) => {
    const route = endpointRoutes[name]
    const endpoint = endpoints[name]
    expect(route.method).toBe(endpoint.method)
    expect(route.path).toBe(endpoint.path)
    expect(route.body).toBe(endpoint.body !== null)
  })
})
