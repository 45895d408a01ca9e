import { describe, expect, it } from 'vitest'
import { createLineBuffer } from './line-buffer.ts'

function sink() {
  const writes: string[] = []
  return { writes, out: { write: (text: string) => writes.push(text) } }
}

describe('createLineBuffer', () => {
  it('holds lines until flushed, then writes them in one go, each ending in a newline', () => {
    const { writes, out } = sink()
    const buffer = createLineBuffer(out)
    buffer.push('{"a":1}')
    buffer.push('{"b":2}')
    expect(writes).toEqual([])
    buffer.flush()
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n'])
  })

  it('writes nothing when nothing is queued', () => {
    const { writes, out } = sink()
    const buffer = createLineBuffer(out)
    buffer.flush()
    buffer.push('x')
    buffer.flush()
    buffer.flush()
    expect(writes).toEqual(['x\n'])
  })

  it('writes a full batch at once without waiting for a flush', () => {
    const { writes, out } = sink()
    const buffer = createLineBuffer(out, 10)
    buffer.push('12345')
    expect(writes).toEqual([])
    buffer.push('6789')
    expect(writes).toEqual(['12345\n6789\n'])
    buffer.push('z')
    buffer.flush()
    expect(writes).toEqual(['12345\n6789\n', 'z\n'])
  })
})
