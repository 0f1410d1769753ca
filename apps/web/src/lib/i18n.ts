import { catalogs, type Language, type Messages } from '@stoa/shared/messages';

/**
 * The message catalog accessor. Every user-visible text comes from the shared catalogs
 * (packages/shared/src/messages); a Hindi catalog with the same keys can be added there and
 * selected with `setLanguage('hi')`.
 */
let language: Language = 'en';

export function setLanguage(next: Language): void {
  language = next;
  document.documentElement.lang = next;
}

/** The catalog of the current language, for code outside React components. */
export function messages(): Messages {
  return catalogs[language];
}

/** The catalog of the current language, for components. */
export function useMessages(): Messages {
  return catalogs[language];
}

/**
 * The current language's entry of a feature catalog (e.g. `adminCatalogs`): catalogs that only
 * some pages need live beside `catalogs` and load with those pages' chunks.
 */
export function catalogOf<T>(byLanguage: Record<Language, T>): T {
  return byLanguage[language];
}
