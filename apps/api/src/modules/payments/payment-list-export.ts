import { PassThrough, type Readable } from 'node:stream';

import ExcelJS from 'exceljs';
import type { z } from 'zod';

import { CHARGE_HEAD_INFO, type ChargeHead } from '@stoa/shared/configuration';
import { enPayments } from '@stoa/shared/messages';
import type { PaymentStatus, paymentListExportQuerySchema } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import { entryDate } from '../applications/applications.download';
import { isPayerRole } from './payments.access';
import type { PaymentsDeps } from './payments.deps';
import { mapPayment, mapPaymentDue } from './payments.mapper';
import { paymentsRepository as repo } from './payments.repository';

/**
 * DownloadPaymentList (decision 0055): GetPaymentList with the same filters and the same record
 * policy (a payer its own dues, the SLDC every payer's), every row, as an .xlsx written row by row
 * by exceljs' streaming WorkbookWriter while the dues are read a page at a time. Amounts in rupees
 * (numbers with 2 decimals, from integer paise).
 */

type Query = z.output<typeof paymentListExportQuerySchema>;
const BATCH = 500;
const f = enPayments.payments.fields;
const rupees = (paise: number) => paise / 100;

export const paymentListFileName = (today: string) => `payment-list-${today}.xlsx`;

export function paymentListWorkbook(deps: Pick<PaymentsDeps, 'db'>, actor: RequestUser, q: Query): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Payment List', { views: [{ state: 'frozen', ySplit: 1 }] });
  const money = { numFmt: '#,##0.00' };
  sheet.columns = [
    { key: 'payer', width: 28 },
    { key: 'head', width: 26 },
    { key: 'description', width: 40 },
    { key: 'recordType', width: 16 },
    { key: 'dueDate', width: 12 },
    { key: 'status', width: 10 },
    { key: 'gross', width: 14, style: money },
    { key: 'gst', width: 12, style: money },
    { key: 'total', width: 14, style: money },
    { key: 'tds', width: 12, style: money },
    { key: 'paid', width: 14, style: money },
    { key: 'pending', width: 14, style: money },
    { key: 'balance', width: 14, style: money },
    { key: 'credit', width: 12, style: money },
    { key: 'payments', width: 60 },
  ];
  const header = sheet.addRow([
    f.payer,
    f.head,
    f.description,
    f.recordType,
    f.dueDate,
    f.dueStatus,
    `${f.gross} (₹)`,
    `${f.gst} (₹)`,
    `${f.total} (₹)`,
    `${f.tds} (₹)`,
    `${f.paid} (₹)`,
    `${f.pending} (₹)`,
    `${f.balance} (₹)`,
    `${f.credit} (₹)`,
    'Payments',
  ]);
  header.font = { bold: true };
  header.commit();
  const status = (s: PaymentStatus) => enPayments.payments.statuses[s];

  void (async () => {
    const filter = { ...q, payerUserId: isPayerRole(actor) ? actor.id : undefined };
    for (let pageNumber = 1; ; pageNumber++) {
      const { rows } = await repo.listDues(deps.db, { ...filter, pageNumber, pageSize: BATCH });
      const payments = await repo.paymentsOfDues(
        deps.db,
        rows.map((r) => r.due.id),
      );
      for (const r of rows) {
        const d = mapPaymentDue(r);
        const list = payments
          .filter((p) => p.payment.dueId === d.id)
          .map(mapPayment)
          .map((p) => `${entryDate(p.paymentDate)} ${p.mode} ${p.reference} ₹${(p.amount / 100).toFixed(2)} (${status(p.status)})`);
        sheet
          .addRow([
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
          ])
          .commit();
      }
      if (rows.length < BATCH) break;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
