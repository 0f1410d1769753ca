import { sql } from 'drizzle-orm';

/**
 * The transaction-level advisory lock every writer of granted quantum takes first (decisions 0011,
 * 0012, 0014, 0015): processing runs, AllocateQuantumProRataBasis, curtailments and e-bidding grants
 * all read the margin left and write `application_days.granted`, so they run one at a time. Taking it
 * before any row lock also gives them one lock order (no deadlocks between them).
 */
export const PROCESSING_LOCK = sql`select pg_advisory_xact_lock(hashtext('stoa.application_processing'))`;
