import { sql } from 'drizzle-orm';

import { MWH_UNITS_PER_CENTI_BLOCK } from '@stoa/shared/common';

import { applications as a } from '../applications/applications.tables';
import { curtailmentItems } from '../curtailment/curtailment.tables';
import { revisions, scheduleVersionDays } from '../revisions/revisions.tables';
import { applicationReportScope as applicationScope } from './report-scopes.repository';
import type { Source } from './reports.repository';

/**
 * The source of the Under-Utilized STOA report (issue 15, decision 0069). Per approved (or partially
 * approved) application, block by block over its days: the energy approved at processing — the
 * schedule's version 0 (`schedule_version_days`, written with the first revision or curtailment), else
 * the granted values themselves when nothing changed them — against the final schedule (the granted
 * values today, after every approved revision and curtailment). Unused = the sum over blocks of what
 * was approved and is no longer scheduled; the share is unused / approved in hundredths of a percent;
 * a block is under-utilized when its final value is below its approved one. Only applications with
 * unused energy are listed. The parts recorded by approved revisions (reduced centi-MW blocks) and by
 * curtailments (curtailed centi-MW blocks) are shown beside it. Scoped like the applications reports.
 */

const K = MWH_UNITS_PER_CENTI_BLOCK;

export const underUtilizedSource: Source = {
  from: sql`${a} join users au on au.id = ${a.applicantUserId}
    join lateral (
      select coalesce(sum(u.ap), 0) as approved, coalesce(sum(u.fin), 0) as scheduled,
             coalesce(sum(greatest(u.ap - u.fin, 0)), 0) as unused, count(*) filter (where u.ap > u.fin) as blocks
      from application_days d
      left join ${scheduleVersionDays} v0
        on v0.application_id = d.application_id and v0.version_no = 0 and v0.day = d.day
      cross join lateral unnest(coalesce(v0.granted, d.granted), d.granted) as u(ap, fin)
      where d.application_id = ${a.id} and d.granted is not null
    ) uu on true`,
  columns: () => ({
    applicationNo: sql`${a.applicationNo}`,
    type: sql`${a.type}`,
    applicant: sql.raw(`coalesce(nullif(au.entity_name, ''), au.first_name || ' ' || au.last_name)`),
    month: sql`${a.month}`,
    fromDate: sql`${a.fromDate}`,
    toDate: sql`${a.toDate}`,
    status: sql`${a.status}`,
    approvedEnergy: sql`uu.approved * ${K}`,
    revisedEnergy: sql`(select coalesce(sum(rv.reduced_centi_blocks), 0) from ${revisions} rv
      where rv.application_id = ${a.id} and rv.status = 'Approved') * ${K}`,
    curtailedEnergy: sql`(select coalesce(sum(ci.curtailed_centi_blocks), 0) from ${curtailmentItems} ci
      where ci.application_id = ${a.id}) * ${K}`,
    scheduledEnergy: sql`uu.scheduled * ${K}`,
    unusedEnergy: sql`uu.unused * ${K}`,
    unusedShare: sql`case when uu.approved > 0 then round(uu.unused * 10000.0 / uu.approved) else 0 end`,
    underUtilizedBlocks: sql`uu.blocks`,
  }),
  scope: applicationScope,
  where: sql`${a.status} in ('Approved', 'PartiallyApproved') and uu.unused > 0`,
  key: sql`${a.id}`,
};
