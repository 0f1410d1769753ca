import { en } from './en';

export { en };
export type { Messages } from './en';

/** Catalogs by language code. Add `hi` with the same shape to offer Hindi. */
export const catalogs = { en } as const;
export type Language = keyof typeof catalogs;

/** The catalog the server and the web use unless a language is chosen. */
export const messages = en;

// Each domain's catalog section, so `@stoa/shared/messages` is the one entry for user-visible text.
export * from './en.admin';
export * from './en.applications';
export * from './en.atc';
export * from './en.curtailment';
export * from './en.dashboard';
export * from './en.files';
export * from './en.forms';
export * from './en.inter-state';
export * from './en.inter-state-consent';
export * from './en.notifications';
export * from './en.payments';
export * from './en.refunds';
export * from './en.reconciliation';
export * from './en.registrations';
export * from './en.revisions';
export * from './en.services';
export * from './en.tds-challans';
export * from './en.utilisation';
export * from './en.inter-state-registration';
