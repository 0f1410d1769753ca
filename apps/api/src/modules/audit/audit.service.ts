import { createHash } from 'node:crypto';

import type { Clock } from '../../platform/clock';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { type AuditInsert, auditRepository } from './audit.repository';

export interface Actor {
  id: string | null;
  role: string;
}
export const SYSTEM_ACTOR: Actor = { id: null, role: 'SYSTEM' };
export const ANONYMOUS_ACTOR: Actor = { id: null, role: 'ANONYMOUS' };

export interface AuditEntry {
  actor: Actor;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
}

const GENESIS = '0'.repeat(64);
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'tokenHash', 'codeHash', 'answerHash']);

function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_FIELDS.has(k))
        .map(([k, v]) => [k, redact(v)]),
    );
  }
  return value;
}

/** Stable JSON: keys sorted, so the hash does not depend on key order (jsonb reorders keys). */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value as object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

export function auditHash(prevHash: string, row: Omit<AuditInsert, 'prevHash' | 'hash' | 'id'>): string {
  const body = canonical({
    occurredAt: (row.occurredAt as Date).toISOString(),
    actorId: row.actorId ?? null,
    actorRole: row.actorRole,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId ?? null,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.requestId ?? null,
  });
  return createHash('sha256').update(prevHash).update(body).digest('hex');
}

/** Appends one row in the caller's transaction, chained to the last one under the chain's lock. */
export async function recordAudit(clock: Clock, tx: Tx, entry: AuditEntry): Promise<void> {
  await auditRepository.lockChain(tx);
  const last = await auditRepository.lastHash(tx);
  const row = {
    occurredAt: clock.now(),
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: redact(entry.before),
    after: redact(entry.after),
    requestId: entry.requestId ?? null,
  };
  const prevHash = last ?? GENESIS;
  await auditRepository.insert(tx, { ...row, prevHash, hash: auditHash(prevHash, row) });
}

/** Re-computes the chain; returns the id of the first broken row, or null. */
export async function verifyAuditChain(db: DbOrTx): Promise<number | null> {
  const rows = await auditRepository.all(db);
  let prev = GENESIS;
  for (const r of rows) {
    if (r.prevHash !== prev || auditHash(prev, r) !== r.hash) return r.id;
    prev = r.hash;
  }
  return null;
}

export function createAuditService(clock: Clock) {
  return {
    /** Appends one row in the caller's transaction. */
    record: (tx: Tx, entry: AuditEntry) => recordAudit(clock, tx, entry),
    /** Re-computes the chain; returns the id of the first broken row, or null. */
    verifyChain: (db: DbOrTx) => verifyAuditChain(db),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
