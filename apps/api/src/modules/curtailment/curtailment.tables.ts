import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { CurtailmentCause, CurtailmentOrder } from '@stoa/shared/curtailment';

import { applications } from '../applications/applications.tables';
import { users } from '../users/users.tables';

/** Numbers of curtailments: `CUR/{yyyy}/{000123}`. */
export const curtailmentNoSeq = pgSequence('curtailment_no_seq', { startWith: 1 });

/**
 * A curtailment by the SLDC (decision 0014): one intra-state element on one date over blocks
 * `fromBlock…toBlock` (1…96), either a reduction of the STOA flow by `quantumCenti` or a new STOA
 * capacity of `quantumCenti`, with its cause and the order configured when it was made. The charge
 * the refund was computed with is kept (null when no refund is due or none is configured).
 */
export const curtailments = pgTable(
  'curtailments',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    curtailmentNo: text().notNull(),
    element: text().notNull(),
    elementKey: text().notNull(),
    curtailmentDate: date({ mode: 'string' }).notNull(),
    fromBlock: integer().notNull(),
    toBlock: integer().notNull(),
    basis: text().$type<'Reduction' | 'NewCapacity'>().notNull(),
    quantumCenti: integer().notNull(),
    cause: text().$type<CurtailmentCause>().notNull(),
    curtailmentOrder: text().$type<CurtailmentOrder>().notNull(),
    remarks: text().notNull(),
    /** Σ of the items: centi-MW × blocks cut, and the refund due in paise (null: none). */
    curtailedCentiBlocks: integer().notNull(),
    refundPaise: bigint({ mode: 'number' }),
    chargeRate: numeric({ precision: 14, scale: 4 }),
    chargeUnit: text(),
    gstRatePercent: numeric({ precision: 6, scale: 2 }),
    refundNote: text().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdOn: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('curtailments_no_uq').on(t.curtailmentNo),
    // The SLDC list: newest date first.
    index('curtailments_date_idx').on(t.curtailmentDate, t.createdOn, t.id),
    index('curtailments_element_date_idx').on(t.elementKey, t.curtailmentDate),
    check('curtailments_blocks_ck', sql`1 <= ${t.fromBlock} and ${t.fromBlock} <= ${t.toBlock} and ${t.toBlock} <= 96`),
    check('curtailments_basis_ck', sql`${t.basis} in ('Reduction', 'NewCapacity')`),
    check('curtailments_cause_ck', sql`${t.cause} in ('TransmissionConstraint', 'Other')`),
    check('curtailments_quantum_ck', sql`${t.quantumCenti} >= 0`),
  ],
);
export type CurtailmentRecord = typeof curtailments.$inferSelect;

/**
 * One affected application of a curtailment: its granted values of the day before and after
 * (96 centi-MW values each), the centi-MW × blocks cut and the refund due in paise (null: none).
 */
export const curtailmentItems = pgTable(
  'curtailment_items',
  {
    curtailmentId: uuid()
      .notNull()
      .references(() => curtailments.id, { onDelete: 'cascade' }),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id),
    day: date({ mode: 'string' }).notNull(),
    before: integer().array().notNull(),
    after: integer().array().notNull(),
    curtailedCentiBlocks: integer().notNull(),
    refundPaise: bigint({ mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.curtailmentId, t.applicationId] }),
    // An applicant's / trader's list goes from its applications to their curtailments.
    index('curtailment_items_application_idx').on(t.applicationId, t.curtailmentId),
    check('curtailment_items_arrays_ck', sql`cardinality(${t.before}) = 96 and cardinality(${t.after}) = 96`),
  ],
);
