import { describe, expect, it } from 'vitest'
import { CHUNK_LOAD_FAILED, lazyChunk } from './lazy-chunk.ts'

describe('lazyChunk', () => {
  it('loads once however many callers ask', async () => {
    let loads = 0
    const load = lazyChunk('the part', async () => {
      loads++
      return { value: 1 }
    })
    const [a, b] = await Promise.all([load(), load()])
    expect(await load()).toEqual({ ok: true, module: { value: 1 } })
    expect(a).toBe(b)
    expect(loads).toBe(1)
  })

  it('answers a failed load with an error value, and the next use tries again', async () => {
    let attempt = 0
    const load = lazyChunk('device management', async () => {
      attempt++
      if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return { value: 2 }
    })
    const failed = await load()
    expect(failed).toMatchObject({
      ok: false,
      error: 'device management could not be loaded: Failed to fetch dynamically imported module',
    })
    expect(await load()).toEqual({ ok: true, module: { value: 2 } })
    expect(CHUNK_LOAD_FAILED).toBe('CHUNK_LOAD_FAILED')
  })
})
