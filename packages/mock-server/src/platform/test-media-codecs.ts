/**
 * What a shipped clip really holds, read from its bytes, so the codec strings the contract gives a
 * player can be checked against the files: the order of an MP4's top-level boxes (fast start puts
 * `moov` before `mdat`), its H.264 profile and level, its AAC object type, and a WebM's codec ids.
 */

/** The types of an MP4's top-level boxes, in file order. */
export function mp4TopLevelBoxes(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const types: string[] = []
  for (let at = 0; at + 8 <= bytes.byteLength; ) {
    const size = view.getUint32(at)
    types.push(ascii(bytes.subarray(at + 4, at + 8)))
    // Size 1: a 64-bit size follows; 0: the box runs to the end of the file.
    const length = size === 1 ? Number(view.getBigUint64(at + 8)) : size === 0 ? bytes.byteLength - at : size
    if (length < 8) throw new Error(`a box of ${length} bytes at ${at}`)
    at += length
  }
  return types
}

/** The RFC 6381 codecs of an MP4 with one H.264 and one AAC track: `avc1.PPCCLL, mp4a.40.N`. */
export function mp4Codecs(bytes: Uint8Array): string {
  // avcC: configurationVersion, then profile_idc, constraint flags, level_idc.
  const avcC = boxBody(bytes, 'avcC')
  const video = `avc1.${hex(avcC.subarray(1, 4))}`
  // esds (ISO 14496-1): version and flags, then an ES_Descriptor (tag 3) holding a
  // DecoderConfigDescriptor (tag 4) whose DecoderSpecificInfo (tag 5) starts with the audio object type.
  const esds = boxBody(bytes, 'esds')
  let at = 4
  const descriptor = (tag: number) => {
    if (esds[at] !== tag) throw new Error(`esds: descriptor ${tag} expected at ${at}, found ${esds[at]}`)
    at += 1
    while ((esds[at++] ?? 0) & 0x80) {}
  }
  descriptor(3)
  const flags = esds[at + 2] ?? 0
  if (flags !== 0) throw new Error(`esds: ES_Descriptor flags ${flags} not read here`)
  at += 3
  descriptor(4)
  const objectType = esds[at] ?? 0
  at += 13
  descriptor(5)
  const audioObjectType = (esds[at] ?? 0) >> 3
  return `${video}, mp4a.${objectType.toString(16)}.${audioObjectType}`
}

/** The Matroska CodecID strings (`V_VP9`, `A_OPUS`) a WebM holds. */
export function webmCodecIds(bytes: Uint8Array): string[] {
  const text = ascii(bytes)
  return ['V_VP8', 'V_VP9', 'V_AV1', 'A_OPUS', 'A_VORBIS'].filter((id) => text.includes(id))
}

function boxBody(bytes: Uint8Array, type: string): Uint8Array {
  const at = ascii(bytes).indexOf(type)
  if (at < 4) throw new Error(`no ${type} box`)
  const size = new DataView(bytes.buffer, bytes.byteOffset + at - 4, 4).getUint32(0)
  return bytes.subarray(at + 4, at - 4 + size)
}

const ascii = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes)
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join('')
