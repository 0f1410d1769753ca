/** MD5 hex digest, loading the hash library on first use (keeps it off the login page's first load). */
export async function md5hexLazy(value: string): Promise<string> {
  const { md5hex } = await import('./md5');
  return md5hex(value);
}
