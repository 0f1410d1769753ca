import type { Readable } from 'node:stream';

import PDFDocument from 'pdfkit';

import { formatPaise, istDate } from '@stoa/shared/common';
import { en, enPayments } from '@stoa/shared/messages';
import { formatReceiptCode } from '@stoa/shared/payments';

import type { ReceiptData } from './receipts';

/**
 * The receipt of an approved payment as a one-page A4 PDF (decision 0049). The standard PDF fonts
 * have no ₹ glyph and the portal bundles no font, so amounts read "Rs. 5,900.00" (formatPaise with
 * the symbol spelled out); the text stays uncompressed so tests can read it.
 */

const P = enPayments.receipts.pdf;
const MODES = enPayments.payments.modes;
const MARGIN = 56;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MUTED = '#555555';
const RULE = '#b0b7c3';
const LABEL_FILL = '#f5f7fa';

/** formatPaise, with ₹ written out for the PDF's fonts: 590000 → 'Rs. 5,900.00'. */
export const pdfRupees = (paise: number) => formatPaise(paise).replace('₹', 'Rs. ');

/** dd/mm/yyyy of an ISO date (the app's date display). */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function receiptPdf(input: { data: ReceiptData; sldcName?: string; verifyUrl: string }): Readable {
  const { payment, receipt, due, payerName } = input.data;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    info: { Title: `${P.title} ${receipt.receiptNo}`, Author: 'STOA Portal', Creator: 'STOA Portal', CreationDate: receipt.issuedAt },
  });
  const width = doc.page.width - MARGIN * 2;

  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor('black')
    .text(input.sldcName ?? en.app.owner, { align: 'center' });
  doc.font(FONT).fontSize(10).fillColor(MUTED).text(P.subtitle, { align: 'center' });
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(18).fillColor('black').text(P.title, { align: 'center' });
  doc.moveDown(0.8);

  const tds =
    payment.tdsAmountPaise > 0 ? `${pdfRupees(payment.tdsAmountPaise)}${payment.tdsSection ? ` (${payment.tdsSection})` : ''}` : P.tdsNone;
  const rows: [string, string][] = [
    [P.receiptNo, receipt.receiptNo],
    [P.date, dmy(istDate(receipt.issuedAt))],
    [P.payer, payerName],
    [P.description, due.description],
    [P.record, due.recordType],
    [P.mode, MODES[payment.mode as keyof typeof MODES] ?? payment.mode],
    [P.reference, payment.reference],
    [P.bank, payment.bankName],
    [P.paymentDate, dmy(payment.paymentDate)],
    [P.amount, pdfRupees(payment.amountPaise)],
    [P.tds, tds],
    [P.approvedOn, payment.checkedAt ? dmy(istDate(payment.checkedAt)) : ''],
  ];
  const table = doc.table({
    position: { x: MARGIN },
    maxWidth: width,
    columnStyles: [Math.round(width * 0.36), '*'],
    defaultStyle: { border: 0.5, borderColor: RULE, padding: [5, 6, 5, 6] },
  });
  for (const [label, value] of rows) {
    table.row([
      { text: label, font: { src: BOLD, size: 10 }, backgroundColor: LABEL_FILL },
      { text: value, font: { src: FONT, size: 10 } },
    ]);
  }
  table.end();

  doc.x = MARGIN;
  doc.moveDown(1.2);
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor('black')
    .text(`${P.verification}: ${formatReceiptCode(receipt.verificationCode)}`);
  doc.moveDown(0.3);
  doc.font(FONT).fontSize(10).fillColor('black').text(P.verifyAt(input.verifyUrl));
  doc.moveDown(1.2);
  doc.font(FONT).fontSize(9).fillColor(MUTED).text(P.generated);
  doc.end();
  return doc;
}
