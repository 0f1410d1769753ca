import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { LOAD_CENTRE_ROLES } from '@stoa/shared/account';
import {
  INTER_STATE_CONSENT_GRANTED_STATUSES,
  INTER_STATE_CONSENT_PENDING_STATUSES,
  type InterStateConsentListQuery,
} from '@stoa/shared/inter-state';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { dues } from '../configuration/configuration.tables';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';
import {
  interStateConsentActions,
  interStateConsentCertificateSeq,
  interStateConsentDays,
  interStateConsentNoSeq,
  type InterStateConsentRecord,
  interStateConsents,
} from './inter-state-consent.tables';
import type { ClearanceScope } from './standing-clearance.repository';

export type { InterStateConsentRecord } from './inter-state-consent.tables';

const ic = interStateConsents;
const days = interStateConsentDays;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const appliedBy = alias(users, 'applied_by');
const appliedByName = sql<string>`coalesce(nullif(${appliedBy.entityName}, ''), ${appliedBy.firstName} || ' ' || ${appliedBy.lastName})`;

/**
 * Who sees which consent applications: the SLDC roles every one but drafts; an OA applicant those of
 * its own entities; a trader those it applied for and those of the applicants it trades for.
 */
function scopeWhere(s: ClearanceScope): SQL | undefined {
  if ((LOAD_CENTRE_ROLES as readonly string[]).includes(s.role)) return ne(ic.status, 'Draft');
  if (s.role === 'Trader') {
    const own = eq(ic.createdByUserId, s.userId);
    return s.linkedApplicantIds.length > 0 ? or(own, inArray(ic.applicantUserId, s.linkedApplicantIds)) : own;
  }
  if (s.role === 'OABusinessUser') return eq(ic.applicantUserId, s.userId);
  return sql`false`;
}

async function nextval(tx: Tx, name: string): Promise<number> {
  const res = (await tx.execute(sql`select nextval(${name})::int as n`)) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]!.n);
}

const rowColumns = { consent: ic, entityName: registrations.entityName, registrationNo: registrations.registrationNo };

/** The SQL of consent applications for inter-state STOA (decision 0068). */
export const interStateConsentRepository = {
  nextNo: (tx: Tx) => nextval(tx, interStateConsentNoSeq.seqName ?? 'inter_state_consent_no_seq'),
  nextCertificateNo: (tx: Tx) => nextval(tx, interStateConsentCertificateSeq.seqName ?? 'inter_state_consent_certificate_seq'),

  /**
   * Serialises everything that consumes the inter-state margin of one connection point (Consent and the
   * deemed-consent job) for the transaction: the margin left is read after every committed consent.
   */
  async lockMargin(tx: Tx, elementKey: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stoa.inter_state_margin:${elementKey}`}))`);
  },

  insert: async (tx: Tx, v: typeof ic.$inferInsert) => (await tx.insert(ic).values(v).returning())[0]!,
  update: async (tx: Tx, id: string, patch: Partial<InterStateConsentRecord>) =>
    (await tx.update(ic).set(patch).where(eq(ic.id, id)).returning())[0]!,
  insertAction: async (tx: Tx, v: typeof interStateConsentActions.$inferInsert) => {
    await tx.insert(interStateConsentActions).values(v);
  },

  /** Replaces the per-day requested blocks of a consent application (a draft edited or submitted). */
  async replaceDays(tx: Tx, consentId: string, elementKey: string, byDay: Map<string, Int32Array>) {
    await tx.delete(days).where(eq(days.consentId, consentId));
    if (byDay.size === 0) return;
    await tx.insert(days).values([...byDay].map(([day, blocks]) => ({ consentId, day, elementKey, requested: Array.from(blocks) })));
  },
  async setGranted(tx: Tx, consentId: string, day: string, granted: number[]) {
    await tx
      .update(days)
      .set({ granted })
      .where(and(eq(days.consentId, consentId), eq(days.day, day)));
  },
  async daysOf(db: DbOrTx, consentId: string) {
    return db.select().from(days).where(eq(days.consentId, consentId)).orderBy(asc(days.day));
  },
  /**
   * Σ granted per block of every consent in force on the connection point and dates (`exclude` left out;
   * a revoked consent no longer takes margin, decision 0077): day → 96 blocks.
   */
  async grantedOn(db: DbOrTx, elementKey: string, dates: string[], exclude?: string): Promise<Map<string, Int32Array>> {
    const out = new Map<string, Int32Array>();
    if (dates.length === 0) return out;
    const rows = await db
      .select({ day: days.day, granted: days.granted })
      .from(days)
      .innerJoin(ic, eq(ic.id, days.consentId))
      .where(
        and(
          eq(days.elementKey, elementKey),
          inArray(days.day, dates),
          sql`${days.granted} is not null`,
          ne(ic.status, 'Revoked'),
          exclude ? ne(days.consentId, exclude) : undefined,
        ),
      );
    for (const r of rows) {
      let sum = out.get(r.day);
      if (!sum) out.set(r.day, (sum = new Int32Array(96)));
      r.granted!.forEach((v, i) => (sum![i] = sum![i]! + v));
    }
    return out;
  },

  async isDefaulter(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db.select({ d: users.isDefaulter }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.d ?? false;
  },
  /** The payer's unpaid dues, paise. */
  async unpaidDuesPaise(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ total: sql<string | null>`sum(${dues.totalPaise})` })
      .from(dues)
      .where(and(eq(dues.payerUserId, userId), eq(dues.status, 'DUE')));
    return Number(row?.total ?? 0);
  },

  async findVisible(db: DbOrTx, s: ClearanceScope, id: string, opts: { lock?: boolean } = {}) {
    const q = db
      .select()
      .from(ic)
      .where(and(eq(ic.id, id), scopeWhere(s)))
      .limit(1);
    return (opts.lock ? await q.for('update', { of: ic }) : await q)[0];
  },
  async byId(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<InterStateConsentRecord | undefined> {
    const q = db.select().from(ic).where(eq(ic.id, id)).limit(1);
    return (opts.lock ? await q.for('update', { of: ic }) : await q)[0];
  },

  async detailRow(db: DbOrTx, id: string) {
    return (
      await db
        .select({ ...rowColumns, appliedByName })
        .from(ic)
        .innerJoin(registrations, eq(registrations.id, ic.registrationId))
        .innerJoin(appliedBy, eq(appliedBy.id, ic.createdByUserId))
        .where(eq(ic.id, id))
        .limit(1)
    )[0];
  },

  /** A consent by its certificate's verification code (the public check, decision 0068). */
  async byCode(db: DbOrTx, code: string) {
    return (
      await db
        .select({ consent: ic, entityName: registrations.entityName })
        .from(ic)
        .innerJoin(registrations, eq(registrations.id, ic.registrationId))
        .where(eq(ic.verificationCode, code))
        .limit(1)
    )[0];
  },

  async history(db: DbOrTx, id: string) {
    const a = interStateConsentActions;
    return db
      .select({ action: a, actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(a)
      .leftJoin(users, eq(users.id, a.actorUserId))
      .where(eq(a.consentId, id))
      .orderBy(asc(a.id));
  },

  /**
   * One page of the caller's scope, newest first. The status filter reads as the list shows it (decision
   * 0088): Expired is a consent in force whose period ended before `today` (IST), Consented and
   * PartiallyConsented only those still in force.
   */
  async list(db: DbOrTx, s: ClearanceScope, q: InterStateConsentListQuery, today: string) {
    const conds: (SQL | undefined)[] = [scopeWhere(s)];
    const granted = [...INTER_STATE_CONSENT_GRANTED_STATUSES];
    if (q.status === 'Expired') conds.push(and(inArray(ic.status, granted), lt(ic.toDate, today)));
    else if (q.status === 'Consented' || q.status === 'PartiallyConsented') conds.push(and(eq(ic.status, q.status), gte(ic.toDate, today)));
    else if (q.status) conds.push(eq(ic.status, q.status));
    if (q.search) {
      const p = likePattern(q.search);
      conds.push(or(ilike(ic.applicationNo, p), ilike(ic.certificateNo, p), ilike(registrations.entityName, p)));
    }
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      db
        .select(rowColumns)
        .from(ic)
        .innerJoin(registrations, eq(registrations.id, ic.registrationId))
        .where(where)
        .orderBy(desc(ic.createdOn), desc(ic.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      db.select({ n: count() }).from(ic).innerJoin(registrations, eq(registrations.id, ic.registrationId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The largest requested and granted block of each consent (the list's MW columns). */
  async maxima(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return new Map<string, { requested: number; granted: number | null }>();
    const rows = await db
      .select({ id: days.consentId, requested: days.requested, granted: days.granted })
      .from(days)
      .where(inArray(days.consentId, ids));
    const out = new Map<string, { requested: number; granted: number | null }>();
    for (const r of rows) {
      const m = out.get(r.id) ?? { requested: 0, granted: null };
      m.requested = Math.max(m.requested, ...r.requested);
      if (r.granted) m.granted = Math.max(m.granted ?? 0, ...r.granted);
      out.set(r.id, m);
    }
    return out;
  },

  /** Pending consent applications (submitted or verified) the deemed-consent job weighs: all of them, or the one `id`. */
  async deemCandidates(db: DbOrTx, id?: string) {
    return db
      .select({ id: ic.id, submittedAt: ic.submittedAt, elementKey: ic.elementKey })
      .from(ic)
      .where(and(inArray(ic.status, [...INTER_STATE_CONSENT_PENDING_STATUSES]), id ? eq(ic.id, id) : undefined))
      .orderBy(asc(ic.submittedAt), asc(ic.id));
  },
};
