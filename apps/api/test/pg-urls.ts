export const TEMPLATE_DB = 'stoa_test_template';

/** The maintenance connection: the database named in TEST_DATABASE_URL. */
export function adminUrl(url: string) {
  return url;
}

export function databaseUrlFor(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
