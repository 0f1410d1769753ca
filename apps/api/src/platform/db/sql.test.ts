import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';

import { registrations } from '../../modules/registrations/registrations.tables';
import { outer } from './sql';

const db = drizzle.mock({ casing: 'snake_case' });

describe('outer', () => {
  it('keeps the table of a column in the select list of a single-table query', () => {
    const selectList = (column: SQL | typeof registrations.id) =>
      db
        .select({ open: sql`exists (select 1 from ${registrations} r2 where r2.previous_registration_id = ${column})` })
        .from(registrations)
        .toSQL().sql;
    // The pitfall: a plain column comes out bare and binds to r2.id.
    expect(selectList(registrations.id)).toContain('r2.previous_registration_id = "id"');
    expect(selectList(outer(registrations.id))).toContain('r2.previous_registration_id = "registrations"."id"');
    expect(selectList(outer(registrations.previousRegistrationId))).toContain('= "registrations"."previous_registration_id"');
  });
});
