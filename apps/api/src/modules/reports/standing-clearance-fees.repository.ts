import { sql } from 'drizzle-orm';

import { LOAD_CENTRE_ROLES } from '@stoa/shared/account';
import { STANDING_CLEARANCE_FEE_REPORT_TYPES } from '@stoa/shared/reports';

import { dues } from '../configuration/configuration.tables';
import { standingClearances as sc } from '../inter-state/standing-clearance.tables';
import { payments } from '../payments/payments.tables';
import { registrations } from '../registrations/registrations.tables';
import type { Source } from './reports.repository';

/**
 * The sources of the two standing-clearance application fee reports (issue 15, decision 0079): per
 * clearance of the report's transaction type, the entity (its registration), what it is cleared for,
 * its status as the clearance pages show it (an issued clearance past Valid To reads Expired), and its
 * fee due (`fee_due_id`, head STANDING_CLEARANCE_FEE) with the approved payments against it: paid, TDS,
 * outstanding, the latest payment date and the receipt numbers. A clearance without a fee due (none was
 * configured on the day) shows no amounts. SLDC roles only: any other viewer gets no rows (the route
 * refuses them first).
 */

const LOAD_CENTRE: readonly string[] = LOAD_CENTRE_ROLES;

const source = (type: 'Bilateral' | 'PowerExchange'): Source => ({
  from: sql`${sc} join ${registrations} on ${registrations.id} = ${sc.registrationId}
    left join ${dues} on ${dues.id} = ${sc.feeDueId}
    left join lateral (
      select coalesce(sum(p.amount_paise), 0) as paid, coalesce(sum(p.tds_amount_paise), 0) as tds,
             max(p.payment_date) as paid_on,
             string_agg(pr.receipt_no, ', ' order by pr.receipt_no) as receipts
      from ${payments} p left join payment_receipts pr on pr.payment_id = p.id
      where p.due_id = ${sc.feeDueId} and p.status = 'APPROVED'
    ) fp on true`,
  columns: ({ today }) => ({
    applicationNo: sql`${sc.applicationNo}`,
    appliedOn: sql`${sc.createdOn}`,
    entity: sql`${registrations.entityName}`,
    clearedFor: sql`case when ${sc.maxBuyCenti} is not null and ${sc.maxSellCenti} is not null then 'BuyAndSell'
      when ${sc.maxBuyCenti} is not null then 'Buy' else 'Sell' end`,
    validFrom: sql`${sc.validFrom}`,
    validTo: sql`${sc.validTo}`,
    status: sql`case when ${sc.status} = 'Issued' and ${sc.validTo} < ${today}::date then 'Expired' else ${sc.status} end`,
    feeStatus: sql`${dues.status}`,
    feeDue: sql`coalesce(${dues.totalPaise}, 0)`,
    paidAmount: sql.raw('fp.paid'),
    tdsAmount: sql.raw('fp.tds'),
    outstandingAmount: sql`case when ${dues.id} is null or ${dues.status} = 'CANCELLED' then 0 else greatest(0, ${dues.totalPaise} - fp.paid - fp.tds) end`,
    datePaid: sql.raw('fp.paid_on'),
    receiptNo: sql.raw('fp.receipts'),
  }),
  scope: (v) => (LOAD_CENTRE.includes(v.role) ? sql`true` : sql`false`),
  where: sql`${sc.transactionType} = ${type}`,
  key: sql`${sc.id}`,
});

export const standingClearanceFeeSources: Record<keyof typeof STANDING_CLEARANCE_FEE_REPORT_TYPES, Source> = {
  StandingClearanceBilateralFees: source(STANDING_CLEARANCE_FEE_REPORT_TYPES.StandingClearanceBilateralFees),
  StandingClearancePowerExchangeFees: source(STANDING_CLEARANCE_FEE_REPORT_TYPES.StandingClearancePowerExchangeFees),
};
