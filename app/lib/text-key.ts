/**
 * A short stand-in for an object's content in a kept markup's key (docs/decisions/037 and
 * 042). The keeper finds a key in a Map, which hashes it and compares it with the key it
 * holds character by character; a key carrying a menu's or a form definition's JSON
 * (kilobytes) made every cache miss build, hash and compare that text again.
 *
 * The data cache hands out the same object while it keeps it, so its text is made once per
 * object; equal texts get the same number, and a number is never given to another text, so a
 * key can miss but never find markup made for other content. After `MAX_TEXTS` texts the
 * numbering starts a new table: markup under the old numbers ages out of the keeper's LRU.
 */
const MAX_TEXTS = 1024

const keyOfObject = new WeakMap<object, string>()
let numberOfText = new Map<string, number>()
let nextNumber = 0

export function contentKey(value: object): string {
  let key = keyOfObject.get(value)
  if (key === undefined) {
    key = textKey(JSON.stringify(value))
    keyOfObject.set(value, key)
  }
  return key
}

/** The short key of a text: the same for equal texts, while the table holds them. */
export function textKey(text: string): string {
  let number = numberOfText.get(text)
  if (number === undefined) {
    if (numberOfText.size >= MAX_TEXTS) numberOfText = new Map()
    number = nextNumber++
    numberOfText.set(text, number)
  }
  return `#${number}`
}
