/**
 * What an upload is, decided by parsing its container on the server (the
 * browser's check in file-type.ts reads only the first bytes, as a hint for the visitor).
 * A DOCX is a ZIP whose central directory lists `[Content_Types].xml` and
 * `word/document.xml` (nothing is decompressed: a ZIP bomb costs nothing to list); a DOC
 * is an OLE2 compound file with a `WordDocument` stream; a PDF starts with `%PDF-` and
 * ends with `%%EOF`. A ZIP that merely contains the text `word/` is refused.
 */
import { unzipSync } from 'fflate'
import { maxUploadBytes, type AcceptedFileKind, type FileProblem } from './file-type'

const ascii = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes)
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte)

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
/** PDF readers accept `%%EOF` followed by a little trailing junk (a newline, padding). */
const PDF_TAIL_BYTES = 1024

function isPdf(bytes: Uint8Array): boolean {
  return ascii(bytes.subarray(0, 5)) === '%PDF-' && ascii(bytes.subarray(Math.max(0, bytes.length - PDF_TAIL_BYTES))).includes('%%EOF')
}

/** The names in a ZIP's central directory, or null when it is no readable ZIP. */
function zipEntryNames(bytes: Uint8Array): string[] | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null
  const names: string[] = []
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name)
        return false
      },
    })
  } catch {
    return null
  }
  return names
}

function isDocx(bytes: Uint8Array): boolean {
  const names = zipEntryNames(bytes)
  return names !== null && names.includes('[Content_Types].xml') && names.includes('word/document.xml')
}

/**
 * A Word 97–2003 file: an OLE2 compound file (version 3 or 4, little-endian, its sector
 * size matching the version) whose first directory sector names a `WordDocument` stream.
 */
function isDoc(bytes: Uint8Array): boolean {
  if (bytes.length < 1024 || !startsWith(bytes, OLE2)) return false
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const major = view.getUint16(0x1a, true)
  const byteOrder = view.getUint16(0x1c, true)
  const sectorShift = view.getUint16(0x1e, true)
  if (byteOrder !== 0xfffe || !((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12))) return false
  const sectorSize = 2 ** sectorShift
  const directory = (view.getUint32(0x30, true) + 1) * sectorSize
  if (directory + sectorSize > bytes.length) return false
  for (let entry = directory; entry < directory + sectorSize; entry += 128) {
    const nameBytes = view.getUint16(entry + 0x40, true)
    if (nameBytes < 2 || nameBytes > 64) continue
    const name = new TextDecoder('utf-16le').decode(bytes.subarray(entry, entry + nameBytes - 2))
    if (name === 'WordDocument') return true
  }
  return false
}

/** The accepted kind of a whole file's bytes, or null. */
export function fileKindOfContent(bytes: Uint8Array): AcceptedFileKind | null {
  if (isPdf(bytes)) return 'pdf'
  if (isDoc(bytes)) return 'doc'
  if (isDocx(bytes)) return 'docx'
  return null
}

/** What is wrong with an uploaded file, its container parsed (server only). */
export async function checkUploadContent(file: Blob): Promise<FileProblem> {
  if (file.size > maxUploadBytes) return 'too_large'
  if (file.size === 0) return 'wrong_type'
  return fileKindOfContent(new Uint8Array(await file.arrayBuffer())) ? null : 'wrong_type'
}
