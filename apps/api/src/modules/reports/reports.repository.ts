import { type SQL, sql } from 'drizzle-orm';

import { MWH_UNITS_PER_CENTI_BLOCK } from '@stoa/shared/common';
import {
  DUES_REPORT_HEADS,
  PENDING_APPLICATION_STATUSES,
  PENDING_REGISTRATION_STATUSES,
  type ReportApiName,
  type ReportColumn,
  type ReportDefinition,
  type ReportFilters,
  type ReportRow,
} from '@stoa/shared/reports';

import type { DbOrTx } from '../../platform/db/client';
import { applications } from '../applications/applications.tables';
import { dues } from '../configuration/configuration.tables';
import { curtailmentItems, curtailments } from '../curtailment/curtailment.tables';
import { payments } from '../payments/payments.tables';
import { refunds } from '../payments/refunds.tables';
import type { Viewer } from '../registrations/registrations.repository';
import { registrations } from '../registrations/registrations.tables';
import { revisions } from '../revisions/revisions.tables';
import { usersRepository } from '../users/users.repository';
import { marginAvailabilitySources } from './margin-availability.repository';
import {
  applicationReportScope as applicationScope,
  payerReportScope as payerScope,
  registrationReportScope as registrationScope,
} from './report-scopes.repository';
import { standingClearanceFeeSources } from './standing-clearance-fees.repository';
import { underUtilizedSource } from './under-utilized.repository';

/**
 * Every query of the reports (issue 15, decision 0066). The reports own no table: each reads other
 * domains' tables read-only, and scopes its rows with the scope those domains' lists use
 * (applications.repository's and registrations.repository's scopeOf; the payer's own dues, payments
 * and refunds as payments.access does), a trader's widened to its associated applicants
 * (report-scopes.repository.ts, decision 0079). Filtering, sorting, paging, the count and the totals all run
 * in SQL; every value leaves the database as text and is typed here by the column's kind.
 */

/** What a report's SQL is built from: the FROM clause, one expression per column, the scope and a fixed condition. */
export interface Source {
  /**
   * The FROM clause; a function of the viewer when the scope must apply before an aggregate (Financial
   * Summary), or of the filters when they must bound an aggregate (the margin reports' date range).
   */
  from: SQL | ((v: Viewer, q: { filters: ReportFilters; today: string }) => SQL);
  columns: (ctx: { today: string }) => Record<string, SQL>;
  scope: (v: Viewer) => SQL;
  where?: SQL;
  /** A unique key, last in every ORDER BY so that pages never overlap. */
  key: SQL;
}

const IST = sql.raw(`'Asia/Kolkata'`);
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(${alias}.entity_name, ''), ${alias}.first_name || ' ' || ${alias}.last_name)`);
const istDay = (instant: SQL) => sql`(${instant} at time zone ${IST})::date`;
/** Whole days from the instant's IST date to today's. */
const daysSince = (instant: SQL, today: string) => sql`(${today}::date - ${istDay(instant)})`;

const a = applications;
const applicationFrom = sql`${a}
  join users au on au.id = ${a.applicantUserId}
  join registrations sr on sr.id = ${a.sellerRegistrationId}
  join registrations br on br.id = ${a.buyerRegistrationId}
  left join registrations trr on trr.id = ${a.traderRegistrationId}`;
const applicationColumns = () => ({
  applicationNo: sql`${a.applicationNo}`,
  type: sql`${a.type}`,
  applicant: personName('au'),
  seller: sql.raw('sr.entity_name'),
  buyer: sql.raw('br.entity_name'),
  trader: sql.raw('trr.entity_name'),
  month: sql`${a.month}`,
  fromDate: sql`${a.fromDate}`,
  toDate: sql`${a.toDate}`,
  status: sql`${a.status}`,
  statusSince: sql`${a.statusSince}`,
  submittedAt: sql`${a.submittedAt}`,
});
/** Energy of an application's days in 0.0001 MWh: a 0.01 MW block of 15 minutes is 25 units. */
const energy = (column: 'requested' | 'granted') =>
  sql.raw(
    `(select coalesce(sum(x), 0) * ${MWH_UNITS_PER_CENTI_BLOCK} from application_days d, unnest(d.${column}) x where d.application_id = "applications"."id")`,
  );

const r = registrations;
const registrationColumns = (today: string) => ({
  registrationNo: sql`${r.registrationNo}`,
  entityName: sql`${r.entityName}`,
  entityType: sql`${r.entityType}`,
  kind: sql`case when ${r.isRenewal} then 'Renewal' else 'Registration' end`,
  status: sql`${r.status}`,
  submittedOn: sql`${r.submittedOn}`,
  validFrom: sql`${r.validFrom}`,
  expiredOn: sql`${r.expiredOn}`,
  daysPending: daysSince(sql`${r.statusSince}`, today),
});

const duesSource = (heads: readonly string[]): Source => ({
  from: sql`${dues} join users pu on pu.id = ${dues.payerUserId}
    left join lateral (
      select coalesce(sum(p.amount_paise) filter (where p.status = 'APPROVED'), 0) as paid,
             coalesce(sum(p.tds_amount_paise) filter (where p.status = 'APPROVED'), 0) as tds
      from ${payments} p where p.due_id = ${dues.id}
    ) pt on true`,
  columns: () => ({
    payer: personName('pu'),
    head: sql`${dues.head}`,
    description: sql`${dues.description}`,
    dueDate: sql`${dues.dueDate}`,
    status: sql`${dues.status}`,
    baseAmount: sql`${dues.baseAmountPaise}`,
    gstAmount: sql`${dues.gstAmountPaise}`,
    totalAmount: sql`${dues.totalPaise}`,
    paidAmount: sql.raw('pt.paid'),
    tdsAmount: sql.raw('pt.tds'),
    outstandingAmount: sql`greatest(0, ${dues.totalPaise} - pt.paid - pt.tds)`,
  }),
  scope: payerScope(sql`${dues.payerUserId}`),
  where: sql`${dues.head} in (${list(heads)})`,
  key: sql`${dues.id}`,
});

const SOURCES: Record<ReportApiName, Source> = {
  PendingApplications: {
    from: applicationFrom,
    columns: ({ today }) => ({ ...applicationColumns(), daysPending: daysSince(sql`${a.submittedAt}`, today) }),
    scope: applicationScope,
    where: sql`${a.status} in (${list(PENDING_APPLICATION_STATUSES)})`,
    key: sql`${a.id}`,
  },
  ApplicationStatus: {
    from: applicationFrom,
    columns: applicationColumns,
    scope: applicationScope,
    key: sql`${a.id}`,
  },
  ApplicationDetails: {
    from: applicationFrom,
    columns: () => ({ ...applicationColumns(), requestedEnergy: energy('requested'), grantedEnergy: energy('granted') }),
    scope: applicationScope,
    key: sql`${a.id}`,
  },
  PendingRegistrations: {
    from: sql`${r}`,
    columns: ({ today }) => registrationColumns(today),
    scope: registrationScope,
    where: sql`${r.status} in (${list(PENDING_REGISTRATION_STATUSES)})`,
    key: sql`${r.id}`,
  },
  RegistrationApplicationStatus: {
    from: sql`${r}`,
    columns: ({ today }) => registrationColumns(today),
    scope: registrationScope,
    where: sql`${r.status} <> 'Draft'`,
    key: sql`${r.id}`,
  },
  PaymentReceipt: {
    from: sql`payment_receipts pr join ${payments} on ${payments.id} = pr.payment_id
      join ${dues} on ${dues.id} = ${payments.dueId}
      join users pu on pu.id = ${payments.payerUserId}`,
    columns: () => ({
      receiptNo: sql.raw('pr.receipt_no'),
      issuedAt: sql.raw('pr.issued_at'),
      payer: personName('pu'),
      head: sql`${dues.head}`,
      description: sql`${dues.description}`,
      mode: sql`${payments.mode}`,
      reference: sql`${payments.reference}`,
      paymentDate: sql`${payments.paymentDate}`,
      amount: sql`${payments.amountPaise}`,
      tdsAmount: sql`${payments.tdsAmountPaise}`,
    }),
    scope: payerScope(sql`${payments.payerUserId}`),
    where: sql`${payments.status} = 'APPROVED'`,
    key: sql`${payments.id}`,
  },
  RefundReport: {
    from: sql`${refunds} join users pu on pu.id = ${refunds.payerUserId}`,
    columns: () => ({
      payer: personName('pu'),
      source: sql`${refunds.sourceType}`,
      description: sql`${refunds.description}`,
      madeAt: sql`${refunds.madeAt}`,
      status: sql`${refunds.status}`,
      payoutReference: sql`${refunds.payoutReference}`,
      payoutDate: sql`${refunds.payoutDate}`,
      amount: sql`${refunds.amountPaise}`,
    }),
    scope: payerScope(sql`${refunds.payerUserId}`),
    key: sql`${refunds.id}`,
  },
  RevisionSummary: {
    from: sql`${revisions} join ${a} on ${a.id} = ${revisions.applicationId} join users au on au.id = ${a.applicantUserId}`,
    columns: () => ({
      revisionNo: sql`${revisions.revisionNo}`,
      applicationNo: sql`${a.applicationNo}`,
      applicant: personName('au'),
      requestedAt: sql`${revisions.requestedAt}`,
      effectiveDate: sql`${revisions.effectiveDate}`,
      status: sql`${revisions.status}`,
      reducedEnergy: sql`${revisions.reducedCentiBlocks} * ${MWH_UNITS_PER_CENTI_BLOCK}`,
      releasedEnergy: sql`${revisions.releasedCentiBlocks} * ${MWH_UNITS_PER_CENTI_BLOCK}`,
      refund: sql`coalesce(${revisions.refundPaise}, 0)`,
    }),
    scope: applicationScope,
    key: sql`${revisions.id}`,
  },
  Curtailment: {
    from: sql`${curtailmentItems} join ${curtailments} on ${curtailments.id} = ${curtailmentItems.curtailmentId}
      join ${a} on ${a.id} = ${curtailmentItems.applicationId} join users au on au.id = ${a.applicantUserId}`,
    columns: () => ({
      curtailmentNo: sql`${curtailments.curtailmentNo}`,
      curtailmentDate: sql`${curtailments.curtailmentDate}`,
      element: sql`${curtailments.element}`,
      cause: sql`${curtailments.cause}`,
      applicationNo: sql`${a.applicationNo}`,
      applicant: personName('au'),
      curtailedEnergy: sql`${curtailmentItems.curtailedCentiBlocks} * ${MWH_UNITS_PER_CENTI_BLOCK}`,
      refund: sql`coalesce(${curtailmentItems.refundPaise}, 0)`,
    }),
    scope: applicationScope,
    key: sql`(${curtailmentItems.curtailmentId}, ${curtailmentItems.applicationId})`,
  },
  FinancialSummary: {
    from: (v) => sql`(
      select m.month, m.head, sum(m.raised) as raised, sum(m.received) as received, sum(m.tds) as tds,
             sum(m.refunded) as refunded, sum(m.outstanding) as outstanding
      from (
        select to_char(${dues.dueDate}, 'YYYY-MM') as month, ${dues.head} as head, ${dues.totalPaise} as raised,
               pt.paid as received, pt.tds as tds, 0 as refunded, greatest(0, ${dues.totalPaise} - pt.paid - pt.tds) as outstanding
        from ${dues} left join lateral (
          select coalesce(sum(p.amount_paise) filter (where p.status = 'APPROVED'), 0) as paid,
                 coalesce(sum(p.tds_amount_paise) filter (where p.status = 'APPROVED'), 0) as tds
          from ${payments} p where p.due_id = ${dues.id}
        ) pt on true
        where ${dues.status} <> 'CANCELLED' and ${payerScope(sql`${dues.payerUserId}`)(v)}
        union all
        select to_char(${refunds.payoutDate}, 'YYYY-MM'),
               case when ${refunds.sourceType} = 'OverPayment'
                    then coalesce((select d2.head from payment_credits pc join dues d2 on d2.id = pc.due_id where pc.id = ${refunds.sourceId}), 'APPLICATION_FEE')
                    else 'STU_TRANSMISSION_CHARGE' end,
               0, 0, 0, ${refunds.amountPaise}, 0
        from ${refunds}
        where ${refunds.status} = 'PAID' and ${payerScope(sql`${refunds.payerUserId}`)(v)}
      ) m
      group by m.month, m.head
    ) fs`,
    columns: () => ({
      month: sql.raw('fs.month'),
      head: sql.raw('fs.head'),
      raised: sql.raw('fs.raised'),
      received: sql.raw('fs.received'),
      tds: sql.raw('fs.tds'),
      refunded: sql.raw('fs.refunded'),
      outstanding: sql.raw('fs.outstanding'),
    }),
    scope: () => sql`true`,
    key: sql.raw('fs.head'),
  },
  UnderUtilizedStoa: underUtilizedSource,
  ...marginAvailabilitySources,
  ...standingClearanceFeeSources,
  RegistrationFees: duesSource(DUES_REPORT_HEADS.RegistrationFees),
  StuCharges: duesSource(DUES_REPORT_HEADS.StuCharges),
  OperatingCharges: duesSource(DUES_REPORT_HEADS.OperatingCharges),
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const NUMERIC_KINDS: ReadonlySet<ReportColumn['kind']> = new Set(['int', 'paise', 'centiMw', 'mwhUnits', 'percent']);

/** The value as text for the wire's typing below (instants in UTC ISO form). */
function selectExpr(column: ReportColumn, expr: SQL): SQL {
  if (column.kind === 'datetime') return sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`(${expr})::text`;
}

function typed(column: ReportColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  return NUMERIC_KINDS.has(column.kind) ? Number(value) : String(value);
}

interface Built {
  from: SQL;
  where: SQL;
  columns: Record<string, SQL>;
  orderBy: SQL;
}

function build(def: ReportDefinition, v: Viewer, filters: ReportFilters, today: string): Built {
  const source = SOURCES[def.apiName as ReportApiName];
  const columns = source.columns({ today });
  const kindOf = (key: string) => def.columns.find((c) => c.key === key)?.kind;
  const conds: SQL[] = [source.scope(v)];
  if (source.where) conds.push(source.where);
  for (const f of def.filters) {
    const value = filters[f.key];
    const expr = columns[f.column];
    if (value === undefined || value === '' || !expr) continue;
    const day = kindOf(f.column) === 'datetime' ? istDay(expr) : expr;
    if (f.kind === 'dateFrom') conds.push(sql`${day} >= ${value}::date`);
    else if (f.kind === 'dateTo') conds.push(sql`${day} <= ${value}::date`);
    else if (f.kind === 'text') conds.push(sql`${expr} ilike ${likePattern(value)}`);
    else conds.push(sql`${expr} = ${value}`);
  }
  const [sortKey, sortDir] = (filters.sort ?? `${def.defaultSort.column}:${def.defaultSort.direction}`).split(':');
  const sortExpr = columns[sortKey ?? ''] ?? columns[def.defaultSort.column]!;
  const dir = sql.raw((sortDir ?? 'asc') === 'desc' ? 'desc nulls last' : 'asc nulls first');
  return {
    from: typeof source.from === 'function' ? source.from(v, { filters, today }) : source.from,
    where: sql.join(conds, sql` and `),
    columns,
    orderBy: sql`${sortExpr} ${dir}, ${source.key} ${dir}`,
  };
}

async function rowsOf(db: DbOrTx, def: ReportDefinition, b: Built, limit: number, offset: number): Promise<ReportRow[]> {
  const select = sql.join(
    def.columns.map((c) => sql`${selectExpr(c, b.columns[c.key]!)} as ${sql.identifier(c.key)}`),
    sql`, `,
  );
  const res = (await db.execute(
    sql`select ${select} from ${b.from} where ${b.where} order by ${b.orderBy} limit ${limit} offset ${offset}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return res.rows.map((row) => Object.fromEntries(def.columns.map((c) => [c.key, typed(c, row[c.key])])));
}

export interface ReportQuery {
  filters: ReportFilters;
  today: string;
}

export const reportsRepository = {
  /** The signed-in user with what the scopes need (role, utility and zone). */
  viewer: (db: DbOrTx, userId: string): Promise<Viewer | undefined> => usersRepository.viewer(db, userId),

  /** One page of the report, the number of rows that match and the sums of its total columns over all of them. */
  async page(db: DbOrTx, def: ReportDefinition, v: Viewer, q: ReportQuery & { pageNumber: number; pageSize: number }) {
    const b = build(def, v, q.filters, q.today);
    const totalColumns = def.columns.filter((c) => c.total);
    const sums = totalColumns.map((c) => sql`coalesce(sum(${b.columns[c.key]!}), 0)::text as ${sql.identifier(c.key)}`);
    const [rows, agg] = await Promise.all([
      rowsOf(db, def, b, q.pageSize, (q.pageNumber - 1) * q.pageSize),
      db.execute(
        sql`select ${sql.join([sql`count(*)::text as "__count"`, ...sums], sql`, `)} from ${b.from} where ${b.where}`,
      ) as unknown as Promise<{
        rows: Record<string, string>[];
      }>,
    ]);
    const first = agg.rows[0] ?? {};
    const totals = totalColumns.length ? Object.fromEntries(totalColumns.map((c) => [c.key, Number(first[c.key] ?? 0)])) : null;
    return { rows, dataCount: Number(first.__count ?? 0), totals };
  },

  /** Every row of the report in order, a batch at a time (the exports: bounded memory whatever the size). */
  async *batches(db: DbOrTx, def: ReportDefinition, v: Viewer, q: ReportQuery, batch = 1000): AsyncGenerator<ReportRow[]> {
    const b = build(def, v, q.filters, q.today);
    for (let offset = 0; ; offset += batch) {
      const rows = await rowsOf(db, def, b, batch, offset);
      if (rows.length) yield rows;
      if (rows.length < batch) return;
    }
  },
};
