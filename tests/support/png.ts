/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature and that IHDR comes first. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (!signature.every((byte, index) => bytes[index] === byte)) throw new Error('not a PNG')
  if (new TextDecoder().decode(bytes.slice(12, 16)) !== 'IHDR') throw new Error('no IHDR first')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}
