import { en } from './en';

export { en };
export type { Messages } from './en';

/** Catalogs by language code. Add `hi` with the same shape to offer Hindi. */
export const catalogs = { en } as const;
export type Language = keyof typeof catalogs;

/** The catalog the server and the web use unless a language is chosen. */
export const messages = en;
