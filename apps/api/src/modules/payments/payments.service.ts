import type { z } from 'zod';

import type { PageQuery } from '@stoa/shared/common';
import { WEB_LINKS } from '@stoa/shared/navigation';
import type {
  approvePaymentInputSchema,
  approveRefundInputSchema,
  makePaymentInputSchema,
  makeRefundInputSchema,
  refundDetailsQuerySchema,
  returnRefundInputSchema,
  paymentListQuerySchema,
  revertPaymentInputSchema,
  tdsConfigInputSchema,
  tdsInterestInputSchema,
  approveTdsPaymentInputSchema,
  makeTdsPaymentInputSchema,
  monthlyTdsQuerySchema,
  revertTdsPaymentInputSchema,
} from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import { approvePayment, makePayment, PAYMENT_PROOF_OWNER_TYPE, revertPayment } from './payment-desk';
import { runAutoDefaulter } from './defaulters';
import { runLateInterest } from './late-interest';
import { listPayments, paymentDetails } from './payment-list';
import { canReadPaymentProof } from './payments.access';
import type { Meta, PaymentsDeps } from './payments.deps';
import { paymentsRepository } from './payments.repository';
import { receiptForDownload, verifyReceipt } from './receipts';
import { receiptPdf } from './receipts.pdf';
import { approveRefund, makeRefund, returnRefund } from './refund-desk';
import { allRefundables, listRefunds, refundHistory } from './refund-list';
import { refundsWorkbook } from './refunds.download';
import { createReconciliation } from './reconciliation.service';
import { addTdsConfig, configuredCharges, isTdsConfigured, listTdsConfigs, updateTdsConfig } from './tds-config';
import { addTdsInterest, listTdsInterest, updateTdsInterest } from './tds-interest';
import { approveTdsPayment, listMonthlyTds, makeTdsPayment, revertTdsPayment, TDS_CHALLAN_OWNER_TYPE, tdsDetails } from './tds-challans';
import { tdsChallansRepository } from './tds-challans.repository';

/**
 * Payments (issue 13), table of contents: payment-list.ts (dues with paid, TDS and balance, and their
 * payments), payment-desk.ts (make, approve, revert: maker-checker, settlement, credit — decision
 * 0041), tds-config.ts (the OA applicant's TDS declarations per charge head), tds-interest.ts
 * (interest on late TDS deposit, set by the Admin), tds-challans.ts (monthly TDS challans reconciled by
 * the SLDC, interest on late deposit — decision 0053); the jobs (payments.jobs.ts): defaulters.ts (the
 * automatic defaulter, decision 0048) and late-interest.ts (late-payment interest, decision 0051);
 * payments.access.ts (record policy),
 * payments.repository.ts and tds.repository.ts (the SQL), payments.tables.ts; refunds (decision 0054):
 * refund-list.ts (refundable items, history), refund-desk.ts (make, approve, return: maker-checker),
 * refunds.download.ts (the Excel export), refunds.repository.ts, refunds.tables.ts.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  deps.files.policy.registerOwner(PAYMENT_PROOF_OWNER_TYPE, async (actor, ownerId) =>
    canReadPaymentProof(actor, ownerId ? await paymentsRepository.payerOfPayment(deps.db, ownerId) : undefined),
  );
  deps.files.policy.registerOwner(TDS_CHALLAN_OWNER_TYPE, async (actor, ownerId) =>
    canReadPaymentProof(actor, ownerId ? await tdsChallansRepository.payerOf(deps.db, ownerId) : undefined),
  );
  return {
    listMonthlyTds: (actor: RequestUser, q: z.output<typeof monthlyTdsQuerySchema>) => listMonthlyTds(deps, actor, q),
    tdsDetails: (actor: RequestUser, applicationId: string) => tdsDetails(deps, actor, applicationId),
    makeTdsPayment: (actor: RequestUser, input: z.output<typeof makeTdsPaymentInputSchema>, meta: Meta) =>
      makeTdsPayment(deps, actor, input, meta),
    approveTdsPayment: (actor: RequestUser, id: string, input: z.output<typeof approveTdsPaymentInputSchema>, meta: Meta) =>
      approveTdsPayment(deps, actor, id, input, meta),
    revertTdsPayment: (actor: RequestUser, id: string, input: z.output<typeof revertTdsPaymentInputSchema>, meta: Meta) =>
      revertTdsPayment(deps, actor, id, input, meta),
    listPayments: (actor: RequestUser, q: z.output<typeof paymentListQuerySchema>) => listPayments(deps, actor, q),
    paymentDetails: (actor: RequestUser, dueId: string) => paymentDetails(deps, actor, dueId),
    makePayment: (actor: RequestUser, dueId: string, input: z.output<typeof makePaymentInputSchema>, meta: Meta) =>
      makePayment(deps, actor, dueId, input, meta),
    approvePayment: (actor: RequestUser, id: string, input: z.output<typeof approvePaymentInputSchema>, meta: Meta) =>
      approvePayment(deps, actor, id, input, meta),
    revertPayment: (actor: RequestUser, id: string, input: z.output<typeof revertPaymentInputSchema>, meta: Meta) =>
      revertPayment(deps, actor, id, input, meta),
    runAutoDefaulter: () => runAutoDefaulter(deps),
    runLateInterest: () => runLateInterest(deps),
    /** The receipt PDF of an approved payment and its file name (decision 0049). */
    receiptPdf: async (actor: RequestUser, id: string) => {
      const data = await receiptForDownload(deps, actor, id);
      const verifyUrl = `${(deps.publicUrl ?? '').replace(/\/$/, '')}${WEB_LINKS.verifyReceipt(data.receipt.verificationCode)}`;
      return { fileName: `receipt-${data.receipt.receiptNo.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`, stream: receiptPdf({ data, verifyUrl }) };
    },
    verifyReceipt: (code: string) => verifyReceipt(deps, code),
    /** Totals, bank statement, e-bidding payments and the payment list export (decision 0055). */
    reconciliation: createReconciliation(deps),

    listRefunds: (actor: RequestUser, q: z.output<typeof refundDetailsQuerySchema>) => listRefunds(deps, actor, q),
    /** The refund list of the filter as a streamed workbook. */
    refundsWorkbook: (actor: RequestUser, q: Omit<z.output<typeof refundDetailsQuerySchema>, 'pageNumber' | 'pageSize'>) =>
      refundsWorkbook(allRefundables(deps, actor, q)),
    refundHistory: (actor: RequestUser, recordId: string) => refundHistory(deps, actor, recordId),
    makeRefund: (actor: RequestUser, input: z.output<typeof makeRefundInputSchema>, meta: Meta) => makeRefund(deps, actor, input, meta),
    approveRefund: (actor: RequestUser, id: string, input: z.output<typeof approveRefundInputSchema>, meta: Meta) =>
      approveRefund(deps, actor, id, input, meta),
    returnRefund: (actor: RequestUser, id: string, input: z.output<typeof returnRefundInputSchema>, meta: Meta) =>
      returnRefund(deps, actor, id, input, meta),

    listTdsConfigs: (actor: RequestUser, q: PageQuery) => listTdsConfigs(deps, actor, q),
    configuredCharges: (actor: RequestUser) => configuredCharges(deps, actor),
    isTdsConfigured: (actor: RequestUser) => isTdsConfigured(deps, actor),
    addTdsConfig: (actor: RequestUser, input: z.output<typeof tdsConfigInputSchema>, meta: Meta) => addTdsConfig(deps, actor, input, meta),
    updateTdsConfig: (actor: RequestUser, id: string, input: z.output<typeof tdsConfigInputSchema>, meta: Meta) =>
      updateTdsConfig(deps, actor, id, input, meta),

    listTdsInterest: (q: PageQuery) => listTdsInterest(deps, q),
    addTdsInterest: (actor: RequestUser, input: z.output<typeof tdsInterestInputSchema>, meta: Meta) =>
      addTdsInterest(deps, actor, input, meta),
    updateTdsInterest: (actor: RequestUser, id: string, input: z.output<typeof tdsInterestInputSchema>, meta: Meta) =>
      updateTdsInterest(deps, actor, id, input, meta),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
