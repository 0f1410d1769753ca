import type { Readable } from 'node:stream';

import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

import { istDate } from '@stoa/shared/common';
import { formatReceiptCode } from '@stoa/shared/payments';
import { en, enInterState } from '@stoa/shared/messages';

import type { CertificateData } from './reads';

/**
 * The standing clearance certificate as a one-page A4 PDF (decision 0060) with the contents of
 * DOMAIN-REFERENCE.md §5: number, entity and registration, role, point of injection / drawal, type,
 * validity, maximum MW, consent references, metering confirmation, conditions, issue date, the issuing
 * officer, and the verification code with a QR code of the public check's address. The QR code is drawn
 * as vector squares (no image). A certificate downloaded after revocation or expiry says so at its top.
 * The text stays uncompressed so tests can read it.
 */

const S = enInterState.standingClearance;
const P = S.pdf;
const MARGIN = 50;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MUTED = '#555555';
const RULE = '#b0b7c3';
const LABEL_FILL = '#f5f7fa';
const QR_SIZE = 96;

/** dd/mm/yyyy of an ISO date (the app's date display). */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Draws the QR code of `text` as squares, its top-left corner at (x, y), `size` points wide. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('white');
  doc.fillColor('black');
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.01, cell + 0.01);
  doc.fill('black');
  doc.restore();
}

export async function certificatePdf(input: {
  data: CertificateData;
  verifyUrl: string;
  issuedOn: Date;
  sldcName?: string;
}): Promise<Readable> {
  const d = input.data;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    info: { Title: `${P.title} ${d.certificateNo}`, Author: 'STOA Portal', Creator: 'STOA Portal', CreationDate: input.issuedOn },
  });
  const width = doc.page.width - MARGIN * 2;
  const sldc = input.sldcName ?? en.app.owner;

  doc.font(BOLD).fontSize(15).fillColor('black').text(sldc, { align: 'center' });
  doc.moveDown(0.5);
  doc.font(BOLD).fontSize(16).text(P.title, { align: 'center' });
  doc.font(FONT).fontSize(10).fillColor(MUTED).text(`${P.subtitle} (${S.typeLabels[d.transactionType]})`, { align: 'center' });
  doc.moveDown(0.6);
  if (d.status === 'Revoked' || d.status === 'Expired') {
    doc
      .font(BOLD)
      .fontSize(12)
      .fillColor('#b00020')
      .text(
        `${S.statusLabels[d.status].toUpperCase()}${d.status === 'Revoked' && d.decidedOn ? ` ON ${dmy(istDate(new Date(d.decidedOn)))}` : ''}`,
        {
          align: 'center',
        },
      );
    doc.moveDown(0.4);
  }
  if (d.deemed) {
    doc.font(BOLD).fontSize(10.5).fillColor('#8a5a00').text(P.deemed, { align: 'center' });
    doc.moveDown(0.4);
  }

  const role = d.maxBuyMw && d.maxSellMw ? P.roles.both : d.maxBuyMw ? P.roles.buy : P.roles.sell;
  const points = [d.injectionPoint ? `Injection: ${d.injectionPoint}` : null, d.drawalPoint ? `Drawal: ${d.drawalPoint}` : null]
    .filter(Boolean)
    .join('; ');
  const issuer = [...d.history].reverse().find((h) => h.action === 'Issue');
  const rows: [string, string][] = [
    [S.fields.certificateNo, d.certificateNo ?? ''],
    [S.fields.applicationNo, d.applicationNo],
    [S.fields.entityName, d.entityName],
    [S.fields.registrationNo, d.registrationNo ?? ''],
    [P.role, role],
    [P.point, points || '—'],
    [S.fields.transactionType, S.typeLabels[d.transactionType]],
    [`${S.fields.validFrom} – ${S.fields.validTo}`, `${dmy(d.validFrom)} to ${dmy(d.validTo)} (both days included)`],
    [S.fields.maxBuyMw, d.maxBuyMw ? `${d.maxBuyMw} MW in every time block` : 'Not cleared'],
    [S.fields.maxSellMw, d.maxSellMw ? `${d.maxSellMw} MW in every time block` : 'Not cleared'],
    [
      P.consent,
      !d.consentUtility
        ? P.consentNone
        : d.consentedOn
          ? P.consentGiven(d.consentUtility, dmy(istDate(new Date(d.consentedOn))))
          : P.consentDeemed(d.consentUtility),
    ],
    [P.metering, P.meteringText],
    [S.fields.issuedOn, dmy(istDate(input.issuedOn))],
    [
      P.signature,
      d.deemed
        ? `${P.deemedSignature}, ${sldc}`
        : `${issuer?.actorName ?? ''}${issuer?.actorRole ? ` (${issuer.actorRole})` : ''}, ${sldc}`,
    ],
  ];
  const table = doc.table({
    position: { x: MARGIN },
    maxWidth: width,
    columnStyles: [Math.round(width * 0.34), '*'],
    defaultStyle: { border: 0.5, borderColor: RULE, padding: [4, 6, 4, 6] },
  });
  for (const [label, value] of rows) {
    table.row([
      { text: label, font: { src: BOLD, size: 9.5 }, backgroundColor: LABEL_FILL },
      { text: value, font: { src: FONT, size: 9.5 } },
    ]);
  }
  table.end();

  doc.x = MARGIN;
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(10.5).fillColor('black').text(P.conditionsTitle);
  doc.moveDown(0.2);
  doc.font(FONT).fontSize(9).fillColor('black');
  P.conditions.forEach((c, i) => doc.text(`${i + 1}. ${c}`, { width }));

  doc.moveDown(0.8);
  const top = doc.y;
  drawQr(doc, input.verifyUrl, MARGIN, top, QR_SIZE);
  const textX = MARGIN + QR_SIZE + 14;
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor('black')
    .text(`${P.verification}: ${formatReceiptCode(d.verificationCode ?? '')}`, textX, top + 12, { width: width - QR_SIZE - 14 });
  doc.moveDown(0.3);
  doc
    .font(FONT)
    .fontSize(9.5)
    .text(P.verifyAt, { width: width - QR_SIZE - 14 });
  doc
    .font(BOLD)
    .fontSize(9)
    .text(input.verifyUrl, { width: width - QR_SIZE - 14, lineBreak: false });
  doc.moveDown(0.5);
  doc
    .font(FONT)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(P.generated, { width: width - QR_SIZE - 14 });
  doc.end();
  return doc;
}
