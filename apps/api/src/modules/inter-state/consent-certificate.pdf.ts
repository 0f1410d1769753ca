import type { Readable } from 'node:stream';

import { istDate } from '@stoa/shared/common';
import { enInterStateConsent } from '@stoa/shared/messages';

import type { ConsentCertificateData } from './consent-certificate';
import { dmy, drawBanner, drawRows, finishWithVerification, startCertificate } from './certificate.pdf';

const C = enInterStateConsent;
const P = C.pdf;
/** At most this many consented block spans are listed one by one; more are summed up per day. */
const MAX_SPAN_ROWS = 24;

/**
 * The consent certificate of a consented (or deemed) inter-state STOA application as a one-page A4 PDF
 * (decision 0068), with the standing clearance certificate's header, table and QR code of the public
 * check (certificate.pdf.ts): consent number, applicant, counterparty, direction, point, period, the MW
 * consented per block span (or per day when there are many), consented or deemed on, verification code.
 */
export async function consentCertificatePdf(input: {
  data: ConsentCertificateData;
  verifyUrl: string;
  sldcName?: string;
}): Promise<Readable> {
  const d = input.data;
  const decidedOn = new Date(d.decidedOn);
  const { doc, width } = startCertificate({
    title: P.title,
    subtitle: P.subtitle,
    infoTitle: `${P.title} ${d.certificateNo}`,
    issuedOn: decidedOn,
    sldcName: input.sldcName,
  });
  if (d.status === 'Revoked' && d.revokedOn) drawBanner(doc, P.revoked(dmy(istDate(new Date(d.revokedOn)))), '#b00020');
  if (d.deemed) drawBanner(doc, P.deemed, '#8a5a00', 10.5);
  const spans = d.grantedList;
  const granted =
    spans.length <= MAX_SPAN_ROWS
      ? spans.map((r) => {
          const days = r.oaFromDate === r.oaToDate ? dmy(r.oaFromDate) : `${dmy(r.oaFromDate)} to ${dmy(r.oaToDate)}`;
          return `${days} ${P.blocks(r.fromTimeBlock, r.toTimeBlock, r.oaRequirement)}`;
        })
      : d.checks.filter((c) => c.maxGrantedMw).map((c) => `${dmy(c.date)}: up to ${c.maxGrantedMw} MW`);
  const rows: [string, string][] = [
    [C.fields.certificateNo, d.certificateNo],
    [C.fields.applicationNo, d.applicationNo],
    [P.applicant, `${d.entityName}${d.registrationNo ? ` (${d.registrationNo})` : ''}`],
    [P.counterparty, `${d.counterpartyState} / ${d.counterpartyEntity}`],
    [C.fields.direction, C.directionLabels[d.direction]],
    [C.fields.point, d.point],
    [C.fields.period, `${dmy(d.fromDate)} to ${dmy(d.toDate)} (both days included)`],
    [P.consentedMw, granted.join('\n') || '—'],
    [C.fields.status, C.statusLabels[d.status]],
    [d.deemed ? P.deemedOn : P.consentedOn, dmy(istDate(decidedOn))],
    ...(d.revocationReason ? ([[C.fields.revocationReason, d.revocationReason]] as [string, string][]) : []),
  ];
  drawRows(doc, width, rows);
  return finishWithVerification(doc, width, { code: d.verificationCode, verifyUrl: input.verifyUrl, generated: P.generated });
}
