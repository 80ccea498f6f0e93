import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { checkUploadContent, fileKindOfContent } from './file-type.server'

const docx = () =>
  zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>'), '_rels/.rels': strToU8('<r/>') })

/** A minimal OLE2 compound file (version 3, 512-byte sectors) whose directory names the given streams. */
function ole2(streams: string[], major = 3): Uint8Array {
  const bytes = new Uint8Array(512 * 3)
  const view = new DataView(bytes.buffer)
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
  view.setUint16(0x1a, major, true)
  view.setUint16(0x1c, 0xfffe, true)
  view.setUint16(0x1e, 9, true)
  view.setUint32(0x30, 0, true)
  ;['Root Entry', ...streams].forEach((name, index) => {
    const entry = 512 + index * 128
    const encoded = new Uint8Array(Buffer.from(`${name}\0`, 'utf16le'))
    bytes.set(encoded, entry)
    view.setUint16(entry + 0x40, encoded.length, true)
  })
  return bytes
}

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

describe('uploads by their parsed container', () => {
  it('accepts a real DOCX, DOC and PDF', async () => {
    expect(fileKindOfContent(docx())).toBe('docx')
    expect(fileKindOfContent(ole2(['WordDocument', '1Table']))).toBe('doc')
    expect(fileKindOfContent(pdf)).toBe('pdf')
    expect(await checkUploadContent(new Blob([docx()]))).toBeNull()
  })

  it('refuses a ZIP that merely contains the text word/, an .xlsx, and a broken ZIP', async () => {
    const textOnly = zipSync({ 'notes.txt': strToU8('see word/document.xml and [Content_Types].xml') })
    expect(fileKindOfContent(textOnly)).toBeNull()
    const named = zipSync({ 'word/': new Uint8Array(0), 'readme.txt': strToU8('word/') })
    expect(fileKindOfContent(named)).toBeNull()
    const xlsx = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<w/>') })
    expect(fileKindOfContent(xlsx)).toBeNull()
    const truncated = docx().subarray(0, 60)
    expect(fileKindOfContent(truncated)).toBeNull()
    expect(await checkUploadContent(new Blob([textOnly]))).toBe('wrong_type')
  })

  it('refuses an OLE2 file that is no Word document (an .xls, a bad header), and a PDF without its end', () => {
    expect(fileKindOfContent(ole2(['Workbook']))).toBeNull()
    expect(fileKindOfContent(ole2(['WordDocument'], 7))).toBeNull()
    expect(fileKindOfContent(ole2(['WordDocument']).subarray(0, 600))).toBeNull()
    expect(fileKindOfContent(new TextEncoder().encode('%PDF-1.4\n<script>alert(1)</script>'))).toBeNull()
  })

  it('refuses empty and oversized files', async () => {
    expect(await checkUploadContent(new Blob([]))).toBe('wrong_type')
    expect(await checkUploadContent(new Blob([new Uint8Array(5000 * 1024 + 1)]))).toBe('too_large')
  })
})
