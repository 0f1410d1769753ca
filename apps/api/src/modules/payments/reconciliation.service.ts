import type { z } from 'zod';

import type { PageQuery } from '@stoa/shared/common';
import type { defaulterHistoryQuerySchema, paymentListExportQuerySchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import { BANK_STATEMENT_OWNER_TYPE, lastBankStatement, uploadBankStatement } from './bank-statement';
import { defaulterHistory } from './defaulter-history';
import { listEbiddingAllocations } from './ebidding-payments';
import { paymentListWorkbook } from './payment-list-export';
import type { Meta, PaymentsDeps } from './payments.deps';
import { reconciliationSummary } from './reconciliation-summary';

/**
 * Reconciliation (decision 0055), table of contents: reconciliation-summary.ts (totals by month and
 * head), bank-statement.ts with statement.parser.ts (upload, row checks, matching by UTR and amount),
 * ebidding-payments.ts (the payer's e-bidding allocations and their dues), payment-list-export.ts
 * (the streamed Excel of the payment list), defaulter-history.ts (when payers were marked and cleared,
 * decision 0078, from the audit trail through defaulters.repository.ts); the SQL in reconciliation.repository.ts.
 */
export function createReconciliation(deps: PaymentsDeps) {
  // A statement file is read by the SLDC roles (it is the SLDC's own account).
  deps.files.policy.registerOwner(BANK_STATEMENT_OWNER_TYPE, async (actor) =>
    ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'].includes(actor.role),
  );
  return {
    summary: () => reconciliationSummary(deps),
    uploadBankStatement: (actor: RequestUser, fileId: string, meta: Meta) => uploadBankStatement(deps, actor, fileId, meta),
    lastBankStatement: () => lastBankStatement(deps),
    ebiddingList: (actor: RequestUser, q: PageQuery) => listEbiddingAllocations(deps, actor, q),
    paymentListWorkbook: (actor: RequestUser, q: z.output<typeof paymentListExportQuerySchema>) => paymentListWorkbook(deps, actor, q),
    defaulterHistory: (actor: RequestUser, q: z.output<typeof defaulterHistoryQuerySchema>) => defaulterHistory(deps, actor, q),
  };
}
