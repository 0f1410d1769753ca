import type { ClipboardEvent, KeyboardEvent } from 'react';

/**
 * Input handlers that keep spaces out of a field (login user name and password, spec 000 §5):
 * the space key is blocked and pasted text loses its whitespace.
 */
export function noSpacesHandlers(onValue: (value: string) => void) {
  return {
    onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
      if (event.key === ' ' || event.key === 'Spacebar') event.preventDefault();
    },
    onPaste(event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
      const text = event.clipboardData.getData('text');
      if (!/\s/.test(text)) return;
      event.preventDefault();
      const input = event.currentTarget;
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? input.value.length;
      onValue(input.value.slice(0, start) + text.replace(/\s+/g, '') + input.value.slice(end));
    },
  };
}

export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}
