const NOT_ALNUM = /[^A-Za-z0-9]/g;

/** An IBAN in upper case, in groups of four, as it is printed on bank cards and statements. */
export function groupIban(raw: string): string {
  return raw
    .replace(NOT_ALNUM, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Groups the field's value as the member types or pastes, keeping the caret after the same
 * character it followed, so typing in the middle of the number does not jump to its end.
 */
export function formatIbanField(input: HTMLInputElement) {
  const caret = input.selectionStart ?? input.value.length;
  const charsBefore = input.value.slice(0, caret).replace(NOT_ALNUM, '').length;
  const next = groupIban(input.value);
  if (next === input.value) return;
  input.value = next;
  let pos = 0;
  for (let seen = 0; pos < next.length && seen < charsBefore; pos++) if (next[pos] !== ' ') seen++;
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(pos, pos);
}
