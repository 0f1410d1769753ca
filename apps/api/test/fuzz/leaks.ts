/** Stack frames, source paths, SQL text and SQLSTATE codes: none may ever reach a client. */
export const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\]]+ \(|\n\s+at \S|\(\/[^)\s]*:\d+:\d+\)|node:internal/],
  ['source path', /node_modules|\/apps\/api\/|\/src\/[\w/.-]+\.[jt]s\b|\.ts:\d+/],
  [
    'SQL text',
    /\bselect\s+(?:"|\*|distinct\b|count\()|\bfrom\s+"\w+"|\binsert\s+into\b|\bupdate\s+"?\w+"?\s+set\b|\bdelete\s+from\b|syntax error|\bviolates\b|\brelation\s+"|\bcolumn\s+"|duplicate key|invalid input syntax|\bdrizzle\b|\bpglite\b|\bpostgres/i,
  ],
  [
    'PostgreSQL error code',
    /"(?:code|sqlState)"\s*:\s*"[0-9][0-9A-Z]{4}"|"routine"\s*:|\bSQLSTATE\b|\b(?:22P0[1-5]|42P0[1-9]|XX00[0-2]|2BP01|55P03|57P01)\b/,
  ],
];

/** What a response body gives away, e.g. `SQL text (insert into)`; empty when nothing. */
export function leaksIn(text: string): string[] {
  return LEAKS.flatMap(([what, pattern]) => {
    const match = pattern.exec(text);
    return match ? [`${what} (${match[0].trim()})`] : [];
  });
}
