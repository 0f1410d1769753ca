import { PassThrough, type Readable } from 'node:stream';

import ExcelJS from 'exceljs';

import type { Refundable } from '@stoa/shared/payments';
import { enRefunds } from '@stoa/shared/messages';

import { entryDate } from '../applications/applications.download';

/**
 * The refund list as an .xlsx (decision 0054), written row by row by exceljs' streaming
 * WorkbookWriter while the items are read a page at a time: one row per refundable item (amounts in
 * rupees, 2 decimals from paise) and, under it, one row per refund with its status and payout.
 */
export function refundsWorkbook(items: AsyncIterable<Refundable>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const f = enRefunds.fields;
  const rupees = (paise: number) => paise / 100;
  const money = { numFmt: '#,##0.00' };
  const sheet = workbook.addWorksheet('Refunds', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { key: 'payer', width: 28 },
    { key: 'source', width: 20 },
    { key: 'description', width: 48 },
    { key: 'amount', width: 16, style: money },
    { key: 'refunded', width: 14, style: money },
    { key: 'pending', width: 16, style: money },
    { key: 'balance', width: 14, style: money },
    { key: 'status', width: 18 },
    { key: 'payout', width: 24 },
    { key: 'date', width: 12 },
  ];
  const header = sheet.addRow([
    f.payer,
    f.source,
    f.record,
    f.amount,
    f.refunded,
    f.pending,
    f.balance,
    f.status,
    f.payoutReference,
    f.payoutDate,
  ]);
  header.font = { bold: true };
  header.commit();
  void (async () => {
    for await (const i of items) {
      sheet
        .addRow([
          i.payerName,
          enRefunds.sources[i.sourceType],
          i.description,
          rupees(i.amount),
          rupees(i.refundedAmount),
          rupees(i.pendingAmount),
          rupees(i.balanceAmount),
          enRefunds.itemStates[i.state],
        ])
        .commit();
      for (const r of i.refunds)
        sheet
          .addRow([
            '',
            '',
            `${enRefunds.fields.refundAmount.replace(' (₹)', '')}: ${r.remarks}`,
            rupees(r.amount),
            '',
            '',
            '',
            enRefunds.statuses[r.status],
            r.payoutReference ?? '',
            r.payoutDate ? entryDate(r.payoutDate) : '',
          ])
          .commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
