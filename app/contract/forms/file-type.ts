/**
 * Requirements §5: file fields accept only Word (.doc), DOCX and PDF, up to 5000 KB. The type is
 * decided by the file's first bytes, not by its name or the browser's claim, so a
 * renamed .exe is refused. Shared by the browser, the submission server function and the
 * embedded CMS.
 */
import { siteConfig } from '../../config/site'

export type AcceptedFileKind = 'pdf' | 'doc' | 'docx'

export const maxUploadBytes = siteConfig.forms.maxUploadKb * 1024
/** The file input's `accept`: a hint for the picker only; the bytes decide. */
export const acceptedFileTypes = [...siteConfig.forms.acceptedFileTypes, '.pdf', '.doc', '.docx']
export const mimeTypeOf: Record<AcceptedFileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte)
const ascii = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes)

/**
 * The accepted kind of a file's content, or null. PDF by `%PDF-`; .doc by the OLE2
 * compound-file signature; .docx by a ZIP whose entries include `word/` (a plain ZIP, an
 * .xlsx or a renamed archive is refused).
 */
export function sniffFileKind(bytes: Uint8Array): AcceptedFileKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Local file headers carry each entry's name; a Word document always has word/document.xml.
    return ascii(bytes.subarray(0, Math.min(bytes.length, 512 * 1024))).includes('word/') ? 'docx' : null
  }
  return null
}

export type FileProblem = 'too_large' | 'wrong_type' | null

/** What is wrong with an uploaded file, reading its bytes (browser File or server Blob). */
export async function checkUpload(file: Blob): Promise<FileProblem> {
  if (file.size > maxUploadBytes) return 'too_large'
  if (file.size === 0) return 'wrong_type'
  const head = new Uint8Array(await file.slice(0, 512 * 1024).arrayBuffer())
  return sniffFileKind(head) ? null : 'wrong_type'
}
