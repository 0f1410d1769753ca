import { accountEndpoints } from './account/account.endpoints';
import { applicationEndpoints } from './applications/applications.endpoints';
import { atcEndpoints } from './atc/atc.endpoints';
import { eBiddingEndpoints } from './e-bidding/e-bidding.endpoints';
import type { Endpoint } from './common/endpoint';
import { curtailmentEndpoints } from './curtailment/curtailment.endpoints';
import { dashboardEndpoints } from './dashboard/dashboard.endpoints';
import { configurationEndpoints } from './configuration/configuration.endpoints';
import { manualsEndpoints } from './configuration/manuals.schemas';
import { filesEndpoints } from './files/files.endpoints';
import { jobsEndpoints } from './jobs/jobs.endpoints';
import { allRegistrationEndpoints } from './registrations/registrations.endpoints';
import { traderEndpoints } from './traders/traders.endpoints';
import { tdsEndpoints } from './payments/tds.endpoints';
import { paymentEndpoints } from './payments/payments.endpoints';
import { refundEndpoints } from './payments/refunds.endpoints';
import { reconciliationEndpoints } from './payments/reconciliation.endpoints';
import { notificationsEndpoints } from './notifications/notifications.endpoints';
import { revisionEndpoints } from './revisions/revisions.endpoints';
import { usersEndpoints } from './users/users.endpoints';
import { standingClearanceEndpoints } from './inter-state/standing-clearance.endpoints';
import { reportEndpoints } from './reports/reports.endpoints';
import { openAccessInformationEndpoints } from './reports/open-access-information';
import { interStateConsentEndpoints } from './inter-state/inter-state-consent.endpoints';
import { interStateRegistrationEndpoints } from './inter-state/inter-state-registration.endpoints';

/** Every endpoint contract of the API, for route registration, OpenAPI and the auth matrix test. */
export const ALL_ENDPOINTS: Endpoint[] = [
  ...Object.values(accountEndpoints),
  ...Object.values(usersEndpoints),
  ...Object.values(configurationEndpoints),
  ...Object.values(manualsEndpoints),
  ...Object.values(filesEndpoints),
  ...Object.values(notificationsEndpoints),
  ...Object.values(dashboardEndpoints),
  ...Object.values(jobsEndpoints),
  ...Object.values(allRegistrationEndpoints),
  ...Object.values(traderEndpoints),
  ...Object.values(atcEndpoints),
  ...Object.values(applicationEndpoints),
  ...Object.values(eBiddingEndpoints),
  ...Object.values(revisionEndpoints),
  ...Object.values(curtailmentEndpoints),
  ...Object.values(tdsEndpoints),
  ...Object.values(paymentEndpoints),
  ...Object.values(refundEndpoints),
  ...Object.values(reconciliationEndpoints),
  ...Object.values(standingClearanceEndpoints),
  ...Object.values(interStateConsentEndpoints),
  ...Object.values(interStateRegistrationEndpoints),
  ...Object.values(reportEndpoints),
  ...Object.values(openAccessInformationEndpoints),
];
