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
export const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

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

/** A certificate's A4 document with the issuing SLDC's header, title and subtitle (shared by the consent certificate, decision 0068). */
export function startCertificate(input: { title: string; subtitle: string; infoTitle: string; issuedOn: Date; sldcName?: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    info: { Title: input.infoTitle, Author: 'STOA Portal', Creator: 'STOA Portal', CreationDate: input.issuedOn },
  });
  const width = doc.page.width - MARGIN * 2;
  const sldc = input.sldcName ?? en.app.owner;
  doc.font(BOLD).fontSize(15).fillColor('black').text(sldc, { align: 'center' });
  doc.moveDown(0.5);
  doc.font(BOLD).fontSize(16).text(input.title, { align: 'center' });
  doc.font(FONT).fontSize(10).fillColor(MUTED).text(input.subtitle, { align: 'center' });
  doc.moveDown(0.6);
  return { doc, width, sldc };
}

/** A banner line under the title (revoked, expired, deemed). */
export function drawBanner(doc: PDFKit.PDFDocument, text: string, color: string, size = 12) {
  doc.font(BOLD).fontSize(size).fillColor(color).text(text, { align: 'center' });
  doc.moveDown(0.4);
}

/** The label / value table of a certificate. */
export function drawRows(doc: PDFKit.PDFDocument, width: number, rows: [string, string][]) {
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
}

/** The QR code of the public check's address beside the verification code, then the document ends. */
export function finishWithVerification(doc: PDFKit.PDFDocument, width: number, v: { code: string; verifyUrl: string; generated: string }) {
  doc.moveDown(0.8);
  const top = doc.y;
  drawQr(doc, v.verifyUrl, MARGIN, top, QR_SIZE);
  const textX = MARGIN + QR_SIZE + 14;
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor('black')
    .text(`${P.verification}: ${formatReceiptCode(v.code)}`, textX, top + 12, { width: width - QR_SIZE - 14 });
  doc.moveDown(0.3);
  doc
    .font(FONT)
    .fontSize(9.5)
    .text(P.verifyAt, { width: width - QR_SIZE - 14 });
  doc
    .font(BOLD)
    .fontSize(9)
    .text(v.verifyUrl, { width: width - QR_SIZE - 14, lineBreak: false });
  doc.moveDown(0.5);
  doc
    .font(FONT)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(v.generated, { width: width - QR_SIZE - 14 });
  doc.end();
  return doc;
}

export async function certificatePdf(input: {
  data: CertificateData;
  verifyUrl: string;
  issuedOn: Date;
  sldcName?: string;
}): Promise<Readable> {
  const d = input.data;
  const { doc, width, sldc } = startCertificate({
    title: P.title,
    subtitle: `${P.subtitle} (${S.typeLabels[d.transactionType]})`,
    infoTitle: `${P.title} ${d.certificateNo}`,
    issuedOn: input.issuedOn,
    sldcName: input.sldcName,
  });
  if (d.status === 'Revoked' || d.status === 'Expired')
    drawBanner(
      doc,
      `${S.statusLabels[d.status].toUpperCase()}${d.status === 'Revoked' && d.decidedOn ? ` ON ${dmy(istDate(new Date(d.decidedOn)))}` : ''}`,
      '#b00020',
    );
  if (d.deemed) drawBanner(doc, P.deemed, '#8a5a00', 10.5);
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
    [
      S.fields.maxBuyMw,
      d.maxBuyMw
        ? `${d.maxBuyMw} MW in every time block${d.blockCaps.some((r) => r.maxBuyMw !== null) ? ' unless capped below' : ''}`
        : 'Not cleared',
    ],
    [
      S.fields.maxSellMw,
      d.maxSellMw
        ? `${d.maxSellMw} MW in every time block${d.blockCaps.some((r) => r.maxSellMw !== null) ? ' unless capped below' : ''}`
        : 'Not cleared',
    ],
    // Caps per block range (decision 0077): within the overall caps above.
    ...(d.blockCaps.length > 0
      ? ([
          [
            P.blockCaps,
            d.blockCaps
              .map((r) =>
                P.blockCap(
                  r.fromBlock,
                  r.toBlock,
                  `${r.fromTime}–${r.toTime}`,
                  [r.maxBuyMw !== null ? `buy ${r.maxBuyMw} MW` : null, r.maxSellMw !== null ? `sell ${r.maxSellMw} MW` : null]
                    .filter(Boolean)
                    .join(', '),
                ),
              )
              .join('\n'),
          ],
        ] as [string, string][])
      : []),
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
  drawRows(doc, width, rows);

  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(10.5).fillColor('black').text(P.conditionsTitle);
  doc.moveDown(0.2);
  doc.font(FONT).fontSize(9).fillColor('black');
  P.conditions.forEach((c, i) => doc.text(`${i + 1}. ${c}`, { width }));

  return finishWithVerification(doc, width, { code: d.verificationCode ?? '', verifyUrl: input.verifyUrl, generated: P.generated });
}
