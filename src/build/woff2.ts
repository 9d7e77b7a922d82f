import { brotliDecompressSync } from 'node:zlib'

// A small WOFF2 → TrueType decoder (W3C WOFF2, section 5), so the build can hand the site's own
// self-hosted font to resvg, which reads only TrueType/OpenType. Handles the transformed glyf/loca
// tables; fonts with a transformed hmtx table or collections are refused with a clear error.

const knownTags = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ',
  'VORG', 'EBDT', 'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS',
  'GSUB', 'EBSC', 'JSTF', 'MATH', 'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc',
  'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar', 'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop',
  'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
]

class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}
  private view = () => new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength)
  u8() {
    const value = this.bytes[this.offset]
    if (value === undefined) throw new Error('woff2: read past the end of a stream')
    this.offset += 1
    return value
  }
  u16() {
    const value = this.view().getUint16(this.offset)
    this.offset += 2
    return value
  }
  i16() {
    const value = this.view().getInt16(this.offset)
    this.offset += 2
    return value
  }
  u32() {
    const value = this.view().getUint32(this.offset)
    this.offset += 4
    return value
  }
  bytesOf(length: number) {
    const out = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return out
  }
  base128() {
    let value = 0
    for (let i = 0; i < 5; i++) {
      const byte = this.u8()
      value = value * 128 + (byte & 0x7f)
      if (!(byte & 0x80)) return value
    }
    throw new Error('woff2: bad UIntBase128')
  }
  u255() {
    const code = this.u8()
    if (code === 253) return this.u16()
    if (code === 255) return this.u8() + 253
    if (code === 254) return this.u8() + 506
    return code
  }
}

class Writer {
  private chunks: number[] = []
  get length() {
    return this.chunks.length
  }
  u8(value: number) {
    this.chunks.push(value & 0xff)
  }
  u16(value: number) {
    this.chunks.push((value >> 8) & 0xff, value & 0xff)
  }
  u32(value: number) {
    this.chunks.push((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff)
  }
  bytes(data: Uint8Array) {
    for (const byte of data) this.chunks.push(byte)
  }
  pad(to: number) {
    while (this.chunks.length % to) this.chunks.push(0)
  }
  toBytes() {
    return Uint8Array.from(this.chunks)
  }
}

interface TableEntry {
  tag: string
  transformed: boolean
  origLength: number
  length: number
  data?: Uint8Array
}

const withSign = (flag: number, value: number) => (flag & 1 ? value : -value)

/** Rebuilds glyf and loca from the transformed glyf table (WOFF2 5.1 and 5.2). */
function reconstructGlyf(data: Uint8Array): { glyf: Uint8Array; loca: Uint8Array; indexFormat: number } {
  const header = new Reader(data)
  header.u16() // reserved
  const optionFlags = header.u16()
  const numGlyphs = header.u16()
  const indexFormat = header.u16()
  const sizes = Array.from({ length: 7 }, () => header.u32())
  let start = header.offset
  const streams = sizes.map((size) => {
    const stream = new Reader(data.subarray(start, start + size))
    start += size
    return stream
  })
  const [nContourStream, nPointsStream, flagStream, glyphStream, compositeStream, bboxStream, instructionStream] = streams as [
    Reader, Reader, Reader, Reader, Reader, Reader, Reader,
  ]
  if (optionFlags & 1) throw new Error('woff2: transformed hmtx/overlap bitmap not supported')
  const bboxBitmapLength = 4 * Math.floor((numGlyphs + 31) / 32)
  const bboxBitmap = bboxStream.bytesOf(bboxBitmapLength)
  const hasBbox = (glyph: number) => ((bboxBitmap[glyph >> 3] ?? 0) & (0x80 >> (glyph & 7))) !== 0

  const glyf = new Writer()
  const offsets: number[] = []
  for (let glyph = 0; glyph < numGlyphs; glyph++) {
    offsets.push(glyf.length)
    const nContours = nContourStream.i16()
    if (nContours === 0) continue
    if (nContours === -1) {
      // Composite: the bbox is always explicit; component records are copied as they are.
      if (!hasBbox(glyph)) throw new Error('woff2: composite glyph without bbox')
      glyf.u16(0xffff)
      for (let i = 0; i < 4; i++) glyf.u16(bboxStream.i16() & 0xffff)
      let flags = 0
      let haveInstructions = false
      do {
        flags = compositeStream.u16()
        haveInstructions ||= (flags & 0x0100) !== 0
        let size = 2 + (flags & 0x0001 ? 4 : 2)
        if (flags & 0x0008) size += 2
        else if (flags & 0x0040) size += 4
        else if (flags & 0x0080) size += 8
        glyf.u16(flags)
        glyf.bytes(compositeStream.bytesOf(size))
      } while (flags & 0x0020)
      if (haveInstructions) {
        const length = glyphStream.u255()
        glyf.u16(length)
        glyf.bytes(instructionStream.bytesOf(length))
      }
    } else {
      const endPoints: number[] = []
      let total = 0
      for (let c = 0; c < nContours; c++) {
        total += nPointsStream.u255()
        endPoints.push(total - 1)
      }
      const xs: number[] = []
      const ys: number[] = []
      const onCurve: boolean[] = []
      let x = 0
      let y = 0
      for (let p = 0; p < total; p++) {
        const raw = flagStream.u8()
        const flag = raw & 0x7f
        onCurve.push(!(raw & 0x80))
        let dx: number
        let dy: number
        if (flag < 10) {
          dx = 0
          dy = withSign(flag, ((flag & 14) << 7) + glyphStream.u8())
        } else if (flag < 20) {
          dx = withSign(flag, (((flag - 10) & 14) << 7) + glyphStream.u8())
          dy = 0
        } else if (flag < 84) {
          const b0 = flag - 20
          const b1 = glyphStream.u8()
          dx = withSign(flag, 1 + (b0 & 0x30) + (b1 >> 4))
          dy = withSign(flag >> 1, 1 + ((b0 & 0x0c) << 2) + (b1 & 0x0f))
        } else if (flag < 120) {
          const b0 = flag - 84
          const b1 = glyphStream.u8()
          const b2 = glyphStream.u8()
          dx = withSign(flag, 1 + (Math.floor(b0 / 12) << 8) + b1)
          dy = withSign(flag >> 1, 1 + (((b0 % 12) >> 2) << 8) + b2)
        } else if (flag < 124) {
          const b1 = glyphStream.u8()
          const b2 = glyphStream.u8()
          const b3 = glyphStream.u8()
          dx = withSign(flag, (b1 << 4) + (b2 >> 4))
          dy = withSign(flag >> 1, ((b2 & 0x0f) << 8) + b3)
        } else {
          const b1 = glyphStream.u8()
          const b2 = glyphStream.u8()
          const b3 = glyphStream.u8()
          const b4 = glyphStream.u8()
          dx = withSign(flag, (b1 << 8) + b2)
          dy = withSign(flag >> 1, (b3 << 8) + b4)
        }
        x += dx
        y += dy
        xs.push(x)
        ys.push(y)
      }
      const instructionLength = glyphStream.u255()
      const instructions = instructionStream.bytesOf(instructionLength)
      let box: number[]
      if (hasBbox(glyph)) box = [bboxStream.i16(), bboxStream.i16(), bboxStream.i16(), bboxStream.i16()]
      else box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
      glyf.u16(nContours)
      for (const value of box) glyf.u16(value & 0xffff)
      for (const end of endPoints) glyf.u16(end)
      glyf.u16(instructionLength)
      glyf.bytes(instructions)
      // Every point as a full 16-bit delta: larger than the original, but simple and exact.
      for (const on of onCurve) glyf.u8(on ? 1 : 0)
      let previous = 0
      for (const value of xs) {
        glyf.u16((value - previous) & 0xffff)
        previous = value
      }
      previous = 0
      for (const value of ys) {
        glyf.u16((value - previous) & 0xffff)
        previous = value
      }
    }
    glyf.pad(4)
  }
  offsets.push(glyf.length)
  const loca = new Writer()
  for (const offset of offsets) {
    if (indexFormat === 0) loca.u16(offset / 2)
    else loca.u32(offset)
  }
  return { glyf: glyf.toBytes(), loca: loca.toBytes(), indexFormat }
}

function checksum(data: Uint8Array): number {
  let sum = 0
  const padded = new Uint8Array(Math.ceil(data.length / 4) * 4)
  padded.set(data)
  const view = new DataView(padded.buffer)
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0
  return sum
}

/** Decodes a WOFF2 font file into TrueType bytes. */
export function woff2ToTtf(file: Uint8Array): Uint8Array {
  const input = new Reader(file)
  if (input.u32() !== 0x774f4632) throw new Error('woff2: not a WOFF2 file')
  const flavor = input.u32()
  if (flavor === 0x74746366) throw new Error('woff2: font collections are not supported')
  input.u32() // length
  const numTables = input.u16()
  input.u16() // reserved
  input.u32() // totalSfntSize
  const compressedLength = input.u32()
  input.offset = 48
  const tables: TableEntry[] = []
  for (let i = 0; i < numTables; i++) {
    const flags = input.u8()
    const tag = (flags & 0x3f) === 0x3f ? String.fromCharCode(...input.bytesOf(4)) : knownTags[flags & 0x3f]!
    const version = flags >> 6
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0
    if (transformed && tag !== 'glyf' && tag !== 'loca') throw new Error(`woff2: transformed ${tag} is not supported`)
    const origLength = input.base128()
    const length = transformed ? input.base128() : origLength
    tables.push({ tag, transformed, origLength, length })
  }
  const stream = brotliDecompressSync(file.subarray(input.offset, input.offset + compressedLength))
  let offset = 0
  for (const table of tables) {
    table.data = new Uint8Array(stream.buffer, stream.byteOffset + offset, table.length)
    offset += table.length
  }
  const glyfTable = tables.find((table) => table.tag === 'glyf')
  if (glyfTable?.transformed) {
    const { glyf, loca } = reconstructGlyf(glyfTable.data!)
    glyfTable.data = glyf
    const locaTable = tables.find((table) => table.tag === 'loca')
    if (locaTable) locaTable.data = loca
  }

  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
  const out = new Writer()
  const entrySelector = Math.floor(Math.log2(sorted.length))
  const searchRange = 2 ** entrySelector * 16
  out.u32(flavor)
  out.u16(sorted.length)
  out.u16(searchRange)
  out.u16(entrySelector)
  out.u16(sorted.length * 16 - searchRange)
  let dataOffset = 12 + sorted.length * 16
  for (const table of sorted) {
    const data = table.data!
    for (let i = 0; i < 4; i++) out.u8(table.tag.charCodeAt(i))
    out.u32(checksum(data))
    out.u32(dataOffset)
    out.u32(data.length)
    dataOffset += Math.ceil(data.length / 4) * 4
  }
  for (const table of sorted) {
    out.bytes(table.data!)
    out.pad(4)
  }
  return out.toBytes()
}
