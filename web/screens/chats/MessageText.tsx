import { Fragment } from 'react';

// http(s) addresses in running text; what a sentence puts after an address is not part of it.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/** An address made safe to follow, or null: only http and https, never javascript: or data:. */
export function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export type TextPart = { text: string; href: string | null };

/** Splits a message into plain text and links. The text is never parsed as HTML. */
export function textParts(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '');
    const start = match.index ?? 0;
    const href = safeHref(raw);
    if (!href) continue;
    if (start > at) parts.push({ text: body.slice(at, start), href: null });
    parts.push({ text: raw, href });
    at = start + raw.length;
  }
  if (at < body.length) parts.push({ text: body.slice(at), href: null });
  return parts;
}

/**
 * A message's words as plain text: React escapes them, line breaks stay (CSS pre-wrap), and
 * http(s) addresses become links that open apart from the site and pass it no referrer.
 */
export function MessageText({ body }: { body: string }) {
  return (
    <>
      {textParts(body).map((part, i) =>
        part.href ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
