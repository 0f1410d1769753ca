import type { Readable } from 'node:stream';

import type { z } from 'zod';

import { istDate } from '@stoa/shared/common';
import { CHARGE_HEAD_INFO, type ChargeHead } from '@stoa/shared/configuration';
import { enPayments } from '@stoa/shared/messages';
import type { PaymentStatus, paymentListExportQuerySchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import { streamXlsx } from '../../platform/xlsx-stream';
import { entryDate } from '../applications/applications.download';
import { isPayerRole } from './payments.access';
import type { PaymentsDeps } from './payments.deps';
import { mapPayment, mapPaymentDue } from './payments.mapper';
import { paymentsRepository as repo } from './payments.repository';

/**
 * DownloadPaymentList (decision 0055): GetPaymentList with the same filters and the same record
 * policy (a payer its own dues, the SLDC every payer's), every row, as an .xlsx written row by row
 * by the API's streaming writer (platform/xlsx-stream.ts, exceljs' WorkbookWriter) while the dues are read a page at a time. Amounts in rupees
 * (numbers with 2 decimals, from integer paise).
 */

type Query = z.output<typeof paymentListExportQuerySchema>;
const BATCH = 500;
const f = enPayments.payments.fields;
const rupees = (paise: number) => paise / 100;

export const paymentListFileName = (today: string) => `payment-list-${today}.xlsx`;

export function paymentListWorkbook(deps: Pick<PaymentsDeps, 'db' | 'clock'>, actor: RequestUser, q: Query): Readable {
  const money = '#,##0.00';
  const status = (s: PaymentStatus) => enPayments.payments.statuses[s];
  async function* rows() {
    const { overdue, ...rest } = q;
    const overdueBefore = overdue === 'true' ? istDate(deps.clock.now()) : undefined;
    const filter = { ...rest, overdueBefore, payer: isPayerRole(actor) ? actor : undefined };
    for (let pageNumber = 1; ; pageNumber++) {
      const { rows: dues } = await repo.listDues(deps.db, { ...filter, pageNumber, pageSize: BATCH });
      const payments = await repo.paymentsOfDues(
        deps.db,
        dues.map((r) => r.due.id),
      );
      yield dues.map((r) => {
        const d = mapPaymentDue(r);
        const list = payments
          .filter((p) => p.payment.dueId === d.id)
          .map(mapPayment)
          .map((p) => `${entryDate(p.paymentDate)} ${p.mode} ${p.reference} ₹${(p.amount / 100).toFixed(2)} (${status(p.status)})`);
        return [
          d.payerName,
          CHARGE_HEAD_INFO[d.head as ChargeHead]?.label ?? d.head,
          d.description,
          d.recordType,
          entryDate(d.dueDate),
          enPayments.payments.dueStatuses[d.status],
          rupees(d.grossAmount),
          rupees(d.gstAmount),
          rupees(d.totalAmount),
          rupees(d.tdsAmount),
          rupees(d.paidAmount),
          rupees(d.pendingAmount),
          rupees(d.balanceAmount),
          rupees(d.creditAmount),
          list.join('; '),
        ];
      });
      if (dues.length < BATCH) break;
    }
  }
  return streamXlsx({
    sheetName: 'Payment List',
    columns: [
      { header: f.payer, width: 28 },
      { header: f.head, width: 26 },
      { header: f.description, width: 40 },
      { header: f.recordType, width: 16 },
      { header: f.dueDate, width: 12 },
      { header: f.dueStatus, width: 10 },
      { header: `${f.gross} (₹)`, width: 14, numFmt: money },
      { header: `${f.gst} (₹)`, width: 12, numFmt: money },
      { header: `${f.total} (₹)`, width: 14, numFmt: money },
      { header: `${f.tds} (₹)`, width: 12, numFmt: money },
      { header: `${f.paid} (₹)`, width: 14, numFmt: money },
      { header: `${f.pending} (₹)`, width: 14, numFmt: money },
      { header: `${f.balance} (₹)`, width: 14, numFmt: money },
      { header: `${f.credit} (₹)`, width: 12, numFmt: money },
      { header: 'Payments', width: 60 },
    ],
    rows: rows(),
  });
}
