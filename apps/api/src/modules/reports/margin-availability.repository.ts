import { type SQL, sql } from 'drizzle-orm';

import { LOAD_CENTRE_ROLES } from '@stoa/shared/account';
import { QUANTUM_HOLDING_STATUSES } from '@stoa/shared/applications';
import type { AtcMode } from '@stoa/shared/atc';
import type { ReportFilters } from '@stoa/shared/reports';

import { applicationDays, applications } from '../applications/applications.tables';
import { atcMargins } from '../atc/atc.tables';
import { interStateConsentDays, interStateConsents } from '../inter-state/inter-state-consent.tables';
import { registrations } from '../registrations/registrations.tables';
import type { Source } from './reports.repository';

/**
 * The sources of STOA Margin Availability, intra-state and inter-state (issue 15, decision 0072). For
 * each ATC margin uploaded (mode, date, element) in the date range, block by block: the margin, and
 * what the holders of margin were granted on that element in that block —
 * - intra-state: the applications of mode IntraState holding margin (QUANTUM_HOLDING_STATUSES, as
 *   processing counts them, decision 0011) whose path (the seller's injection and the buyer's drawal
 *   substation, keyed as `atcElementKey` keys them) is the element: approved (Approved, Partially
 *   Approved) and awaiting the approvers (processed, STOA approved or approved by Approver I) apart;
 * - inter-state: the consents (Consented, Partially Consented) at the connection point (decision 0068).
 * Available = margin − granted, never below 0; over-allocated = granted − margin where that is more
 * (a margin corrected or re-uploaded below what was already granted). The 96 blocks of a date and
 * element are folded, in a lateral subquery per margin row (96 rows: its sorts stay small), into runs of
 * consecutive blocks with equal figures (gaps and islands: a block's number less its rank among the
 * blocks with the same figures is constant along a run), one row each.
 * The date range (required, at most 31 days: the query schema) bounds every part of the query; paging,
 * sorting, the element filter and the count run on the folded rows like every report.
 */

const APPROVED: readonly string[] = ['Approved', 'PartiallyApproved'];
const AWAITING = QUANTUM_HOLDING_STATUSES.filter((s) => !APPROVED.includes(s));
const CONSENTED: readonly string[] = ['Consented', 'PartiallyConsented'];
const LOAD_CENTRE: readonly string[] = LOAD_CENTRE_ROLES;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
/** An element key in SQL exactly as `atcElementKey` computes it (trim, collapse spaces, lower case). */
const keyOf = (text: SQL) => sql`lower(regexp_replace(btrim(${text}), '\\s+', ' ', 'g'))`;
/** hh:mm of minutes after midnight (1440 → 24:00). */
const hhmm = (minutes: SQL) => sql`lpad((${minutes} / 60)::text, 2, '0') || ':' || lpad((${minutes} % 60)::text, 2, '0')`;

/**
 * Per date and element key, the blocks in which the holders have something granted, with the sums
 * (centi-MW) approved and awaiting approval in each, as three arrays of equal length (`bs` the block
 * numbers): sparse, as most blocks of most elements hold nothing.
 */
function heldOf(mode: AtcMode, from: string, to: string): SQL {
  const perBlock =
    mode === 'InterState'
      ? sql`select cd.day, cd.element_key as key, u.b, sum(u.g) as approved, 0 as awaiting
          from ${interStateConsentDays} cd
          join ${interStateConsents} c on c.id = cd.consent_id
          cross join lateral unnest(cd.granted) with ordinality as u(g, b)
          where cd.day between ${from}::date and ${to}::date and cd.granted is not null
            and c.status in (${list(CONSENTED)}) and u.g > 0
          group by cd.day, cd.element_key, u.b`
      : sql`select d.day, p.key, u.b,
            coalesce(sum(u.g) filter (where a.status in (${list(APPROVED)})), 0) as approved,
            coalesce(sum(u.g) filter (where a.status in (${list(AWAITING)})), 0) as awaiting
          from ${applicationDays} d
          join ${applications} a on a.id = d.application_id
          join ${registrations} sr on sr.id = a.seller_registration_id
          join ${registrations} br on br.id = a.buyer_registration_id
          cross join lateral (
            select distinct k.key from (values (${keyOf(sql`sr.data->>'injectionSubstation'`)}), (${keyOf(sql`br.data->>'drawalSubstation'`)})) as k(key)
            where k.key is not null
          ) p
          cross join lateral unnest(d.granted) with ordinality as u(g, b)
          where d.day between ${from}::date and ${to}::date and d.granted is not null
            and a.mode = 'IntraState' and a.status in (${list([...APPROVED, ...AWAITING])}) and u.g > 0
          group by d.day, p.key, u.b`;
  return sql`select pb.day, pb.key, array_agg(pb.b) as bs, array_agg(pb.approved) as approved, array_agg(pb.awaiting) as awaiting
    from (${perBlock}) pb group by pb.day, pb.key`;
}

/**
 * The margin rows of a mode and date range folded into runs (alias `ma`: margin_date, element,
 * element_key, from_block, to_block, margin, approved, awaiting; centi-MW). Also read by the public
 * Open Access Information page (decision 0085).
 */
export function marginRunsFrom(mode: AtcMode, from: string, to: string): SQL {
  return sql`(
        with m as (
          select am.margin_date, am.element, am.element_key, am.blocks from ${atcMargins} am
          where am.mode = ${mode} and am.margin_date between ${from}::date and ${to}::date
        ),
        held as (${heldOf(mode, from, to)})
        select m.margin_date, m.element, m.element_key, r.from_block, r.to_block, r.margin, r.approved, r.awaiting
        from m
        left join held h on h.day = m.margin_date and h.key = m.element_key
        cross join lateral (
          -- The 96 blocks of this date and element folded into runs of equal figures.
          select min(f.b) as from_block, max(f.b) as to_block, f.margin, f.approved, f.awaiting
          from (
            select x.b, x.margin, x.approved, x.awaiting,
                   x.b - row_number() over (partition by x.margin, x.approved, x.awaiting order by x.b) as run
            from (
              select u.b, u.margin,
                     coalesce(h.approved[array_position(h.bs, u.b)], 0) as approved,
                     coalesce(h.awaiting[array_position(h.bs, u.b)], 0) as awaiting
              from unnest(m.blocks) with ordinality as u(margin, b)
            ) x
          ) f
          group by f.margin, f.approved, f.awaiting, f.run
        ) r
      ) ma`;
}

function marginSource(mode: AtcMode, held: { approved: string; awaiting?: string }): Source {
  return {
    from: (_v, { filters, today }: { filters: ReportFilters; today: string }) => {
      // The query schema requires both dates (and bounds the span); today only if called without them.
      const from = filters.fromDate ?? today;
      const to = filters.toDate ?? from;
      return marginRunsFrom(mode, from, to);
    },
    columns: () => ({
      marginDate: sql.raw('ma.margin_date'),
      element: sql.raw('ma.element'),
      fromBlock: sql.raw('ma.from_block'),
      toBlock: sql.raw('ma.to_block'),
      timeRange: sql`${hhmm(sql.raw('(ma.from_block - 1) * 15'))} || '–' || ${hhmm(sql.raw('ma.to_block * 15'))}`,
      margin: sql.raw('ma.margin'),
      [held.approved]: sql.raw('ma.approved'),
      ...(held.awaiting ? { [held.awaiting]: sql.raw('ma.awaiting') } : {}),
      available: sql.raw('greatest(ma.margin - ma.approved - ma.awaiting, 0)'),
      overAllocated: sql.raw('greatest(ma.approved + ma.awaiting - ma.margin, 0)'),
    }),
    scope: (v) => (LOAD_CENTRE.includes(v.role) ? sql`true` : sql`false`),
    key: sql.raw('(ma.margin_date, ma.element_key, ma.from_block)'),
  };
}

export const marginAvailabilitySources = {
  StoaMarginAvailabilityIntraState: marginSource('IntraState', { approved: 'approved', awaiting: 'awaitingApproval' }),
  StoaMarginAvailabilityInterState: marginSource('InterState', { approved: 'consented' }),
} satisfies Record<string, Source>;
