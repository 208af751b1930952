/**
 * 32-bit FNV-1a hash of a string's UTF-16 code units. Estimates are seeded with it so the same
 * input always gives the same figure (never a random source, never the clock).
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
