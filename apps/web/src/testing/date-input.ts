import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Types a date as DD/MM/YYYY into the shared DateInput labelled `label` (its day, month and year
 * sections), the way a user does: '23/11/2026' or '23112026'.
 */
export async function typeDate(ui: UserEvent, label: string | RegExp, date: string, container: HTMLElement = document.body) {
  const group = await within(container).findByRole('group', { name: label });
  await ui.click(within(group).getAllByRole('spinbutton')[0]!);
  await ui.keyboard(date.replace(/\//g, ''));
}

/** The DD/MM/YYYY text a DateInput shows (its sections joined). */
export function shownDate(label: string | RegExp): string {
  const group = screen.getByRole('group', { name: label });
  return within(group)
    .getAllByRole('spinbutton')
    .map((section) => section.textContent)
    .join('/');
}

/** Empties the DateInput labelled `label` (all its sections selected, then deleted). */
export async function clearDate(ui: UserEvent, label: string | RegExp) {
  const group = await screen.findByRole('group', { name: label });
  await ui.click(within(group).getAllByRole('spinbutton')[0]!);
  await ui.keyboard('{Control>}a{/Control}{Backspace}');
}
