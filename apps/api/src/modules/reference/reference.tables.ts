import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** TRANSCO and DISCOM utilities with their zones (spec 000 §3 Transco/Discom reference item). */
export const transcoDiscom = pgTable(
  'transco_discom',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text().notNull(),
    type: text({ enum: ['TRANSCO', 'DISCOM'] }).notNull(),
    zone: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transco_discom_type_idx').on(t.type, t.name)],
);
