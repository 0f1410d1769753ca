import { type SQL, sql } from 'drizzle-orm';

import { PROCESSING_STEPS } from '@stoa/shared/reports';

import type { DbOrTx } from '../../platform/db/client';
import { applicationActions } from '../applications/applications.tables';
import { registrationActions } from '../registrations/registrations.tables';
import { marginRunsFrom } from './margin-availability.repository';

/**
 * The queries of the public Open Access Information page (issue 15, decision 0085): read-only
 * aggregates over the applications' and registrations' workflow steps and the intra-state margins.
 * Nothing here selects a name, a number or a remark.
 */

const IST = sql.raw(`'Asia/Kolkata'`);
const rowsOf = async <T>(db: DbOrTx, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export interface DecisionMonthRow {
  month: string;
  approved: string;
  partially_approved: string;
  no_margin: string;
  sldc_verification: string;
  approver_i: string;
  approver_ii: string;
  other: string;
}

export interface MarginRunRow {
  date: string;
  element: string;
  from_block: number;
  to_block: number;
  margin: number;
  booked: number;
}

export interface StepTimeRow {
  process: string;
  status: string;
  count: string;
  median: string | null;
  p90: string | null;
}

/** The transitions of a workflow's action table: steps that changed the status (not e.g. a trader named). */
function transitions(table: typeof applicationActions | typeof registrationActions, process: string, since: Date): SQL {
  const id = table === applicationActions ? applicationActions.applicationId : registrationActions.registrationId;
  return sql`select ${process}::text as process, ${table.fromStatus} as status, ${table.createdOn} as left_at,
      lag(${table.createdOn}) over w as entered_at, lag(${table.toStatus}) over w as entered_as
    from ${table}
    where ${table.fromStatus} is distinct from ${table.toStatus}
      and ${id} in (select ${id} from ${table} where ${table.createdOn} >= ${since.toISOString()}::timestamptz)
    window w as (partition by ${id} order by ${table.createdOn}, ${table.id})`;
}

export const openAccessInformationRepository = {
  /**
   * Per month (IST) from `firstMonth` (YYYY-MM-01) to `lastMonth`, every month present: the final
   * decisions on applications — Approved, PartiallyApproved, and the refusals by where they happened.
   */
  decisionsByMonth: (db: DbOrTx, firstMonth: string, lastMonth: string) => {
    const x = applicationActions;
    return rowsOf<DecisionMonthRow>(
      db,
      sql`with months as (
          select to_char(g, 'YYYY-MM') as month
          from generate_series(${firstMonth}::date, ${lastMonth}::date, interval '1 month') as g
        ),
        d as (
          select to_char(${x.createdOn} at time zone ${IST}, 'YYYY-MM') as month, ${x.fromStatus} as from_status, ${x.toStatus} as to_status
          from ${x}
          where ${x.createdOn} >= (${firstMonth}::timestamp at time zone ${IST})
            and ${x.toStatus} in ('Approved', 'PartiallyApproved', 'NoSTOARejected', 'Rejected')
            and ${x.fromStatus} is distinct from ${x.toStatus}
            and ${x.fromStatus} is distinct from 'PendingApplicantApproval'
        )
        select m.month,
          count(d.to_status) filter (where d.to_status = 'Approved')::text as approved,
          count(d.to_status) filter (where d.to_status = 'PartiallyApproved')::text as partially_approved,
          count(d.to_status) filter (where d.to_status = 'NoSTOARejected')::text as no_margin,
          count(d.to_status) filter (where d.to_status = 'Rejected' and d.from_status = 'Submitted')::text as sldc_verification,
          count(d.to_status) filter (where d.to_status = 'Rejected' and d.from_status = 'STOAApproved')::text as approver_i,
          count(d.to_status) filter (where d.to_status = 'Rejected' and d.from_status = 'SLDCApproverIApproved')::text as approver_ii,
          count(d.to_status) filter (
            where d.to_status = 'Rejected' and d.from_status not in ('Submitted', 'STOAApproved', 'SLDCApproverIApproved')
          )::text as other
        from months m left join d on d.month = m.month
        group by m.month
        order by m.month desc`,
    );
  },

  /** The intra-state margin runs of the dates, with what is booked (approved or awaiting the approvers), in centi-MW. */
  intraStateMarginRuns: (db: DbOrTx, from: string, to: string) =>
    rowsOf<MarginRunRow>(
      db,
      sql`select ma.margin_date::text as date, ma.element, ma.from_block::int as from_block, ma.to_block::int as to_block,
          ma.margin::int as margin, (ma.approved + ma.awaiting)::int as booked
        from ${marginRunsFrom('IntraState', from, to)}
        order by ma.margin_date, ma.element_key, ma.from_block`,
    ),

  /**
   * The time spent in each published step (PROCESSING_STEPS) that was left since `since`: from the
   * transition that entered the status to the one that left it, median and 90th percentile in seconds
   * (percentile_cont, the same on PGlite and PostgreSQL).
   */
  stepTimes: (db: DbOrTx, since: Date) => {
    const steps = sql.join(
      PROCESSING_STEPS.map((s) => sql`(${s.process}::text, ${s.status}::text)`),
      sql`, `,
    );
    return rowsOf<StepTimeRow>(
      db,
      sql`with t as (
          ${transitions(applicationActions, 'Application', since)}
          union all
          ${transitions(registrationActions, 'Registration', since)}
        )
        select t.process, t.status, count(*)::text as count,
          percentile_cont(0.5) within group (order by extract(epoch from t.left_at - t.entered_at))::text as median,
          percentile_cont(0.9) within group (order by extract(epoch from t.left_at - t.entered_at))::text as p90
        from t
        where t.left_at >= ${since.toISOString()}::timestamptz and t.entered_at is not null and t.entered_as = t.status
          and (t.process, t.status) in (${steps})
        group by t.process, t.status`,
    );
  },
};
