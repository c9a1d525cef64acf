/**
 * Keyset cursors of the console's member lists: the last row's sort key and id, opaque to the
 * browser (base64url JSON). A cursor that does not decode is a bad request, not a first page.
 */
export function encodeCursor(key: string | number, id: number): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

export function decodeCursor<K extends 'string' | 'number'>(
  cursor: string,
  kind: K,
): { key: K extends 'string' ? string : number; id: number } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [key, id] = value;
    if (typeof key !== kind || !Number.isSafeInteger(id)) return null;
    return { key, id } as { key: K extends 'string' ? string : number; id: number };
  } catch {
    return null;
  }
}
