// A shared trace's id: what `/t/<id>` and `/api/traces/<id>` carry. The store makes it (128 random bits, base64url
// without padding), the server refuses any other shape, and the page says a link whose id cannot be one is malformed.

/** 128-bit ids, base64url without padding: exactly 22 characters. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isValidId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/** Why `id` cannot be a shared trace's id, in words for the person who opened the link; undefined when it can be. */
export function malformedId(id: string): string | undefined {
  if (isValidId(id)) return undefined;
  const what =
    id.length !== 22
      ? `its trace id (the part after /t/) is ${id.length} character${id.length === 1 ? '' : 's'} long, where a shared trace’s is 22`
      : 'its trace id (the part after /t/) has characters a shared trace’s id never has';
  return `This link is malformed: ${what}. It was likely cut off or changed when it was copied: ask for the whole link.`;
}
