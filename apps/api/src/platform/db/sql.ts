import { type AnyColumn, getTableName, is, type SQL, sql, Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';

/**
 * The column named with its table (`"registrations"."id"`), for a correlated subquery that refers
 * to the outer query. A plain `${column}` is qualified in a WHERE clause but rendered bare (`"id"`)
 * in the select list of a single-table query, where Postgres then binds it to the subquery's own
 * column of that name. Column names follow the client's `snake_case` casing.
 */
export function outer(column: AnyColumn): SQL {
  if (!is(column.table, Table)) throw new Error(`outer(): column ${column.name} has no table`);
  const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(name)}`;
}
