import { type SQL, sql } from 'drizzle-orm';

import { LOAD_CENTRE_ROLES } from '@stoa/shared/account';
import { NOT_YET_SUBMITTED_STATUSES } from '@stoa/shared/applications';

import { outer } from '../../platform/db/sql';
import { scopeOf as applicationListScope } from '../applications/applications.repository';
import { applications } from '../applications/applications.tables';
import { scopeOf as registrationListScope, type Viewer } from '../registrations/registrations.repository';
import { registrations } from '../registrations/registrations.tables';
import { traderAssociations } from '../traders/traders.tables';

/**
 * Whose rows a report shows (issue 15: "scoped to their own entities (a trader: its associated
 * applicants)", decision 0079). Every role but the trader keeps its list's scope. A trader sees, besides
 * what its lists show it (the applications it filed or is named trader on, its own registrations, dues,
 * payments and refunds), those of its **associated applicants** as its Entities page (`/entities`) lists
 * them: OA applicants with an active association to one of the trader's Approved or Renewed Trader
 * registrations and an Approved registration of their own. An associated applicant's applications show
 * once submitted (one awaiting its approval is its own), its registrations once out of Draft.
 */

const LOAD_CENTRE: readonly string[] = LOAD_CENTRE_ROLES;

/** The ids of the trader's associated applicants (the users its Entities page lists), as a subquery. */
const associatedApplicantsOf = (traderUserId: string) => sql`(
  select ta.applicant_user_id from ${traderAssociations} ta
  join ${registrations} tr on tr.id = ta.trader_registration_id
  where tr.owner_user_id = ${traderUserId} and tr.entity_type = 'Trader' and tr.status in ('Approved', 'Renewed')
    and ta.deleted_on is null
    and exists (
      select 1 from ${registrations} ar
      where ar.owner_user_id = ta.applicant_user_id and ar.status = 'Approved' and ar.entity_type <> 'Trader'
    )
)`;

const notYetSubmitted = sql.join(
  NOT_YET_SUBMITTED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The applications reports (and those read through an application: revisions, curtailments, under-utilized STOA). */
export function applicationReportScope(v: Viewer): SQL {
  const own = applicationListScope(v);
  if (v.role !== 'Trader') return own;
  return sql`(${own} or (${outer(applications.status)} not in (${notYetSubmitted})
    and ${outer(applications.applicantUserId)} in ${associatedApplicantsOf(v.id)}))`;
}

/** The registrations reports (Pending Registrations). */
export function registrationReportScope(v: Viewer): SQL {
  const own = registrationListScope(v);
  if (v.role !== 'Trader') return own;
  return sql`(${own} or (${outer(registrations.status)} <> 'Draft'
    and ${outer(registrations.ownerUserId)} in ${associatedApplicantsOf(v.id)}))`;
}

/**
 * The dues, payments and refunds reports: an OA applicant its own; a trader its own and its associated
 * applicants'; the load-centre roles every payer's; anyone else nothing.
 */
export const payerReportScope =
  (column: SQL) =>
  (v: Viewer): SQL => {
    if (v.role === 'OABusinessUser') return sql`${column} = ${v.id}`;
    if (v.role === 'Trader') return sql`(${column} = ${v.id} or ${column} in ${associatedApplicantsOf(v.id)})`;
    if (LOAD_CENTRE.includes(v.role)) return sql`true`;
    return sql`false`;
  };
