import { PassThrough, type Readable } from 'node:stream';

import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

import { type BidProposal, displayTime, enEBidding, type InvitationDetail, type InvitationList } from '@stoa/shared/e-bidding';
import { IST_OFFSET_MINUTES } from '@stoa/shared/common';

/**
 * E-bidding downloads (spec 000 §7): the invitation (Form ST2) as a PDF written by pdfkit, and the
 * invitation and proposal lists as .xlsx written row by row by exceljs' streaming WorkbookWriter.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const F = enEBidding.fields;
const NONE = '—';

/** 'DD/MM/YYYY' of a wire date 'YYYY-MM-DD…' (spec 000 §9), never the ISO form. */
const dmy = (wire: string | null) => (wire ? wire.slice(0, 10).split('-').reverse().join('/') : null);

const istStamp = (d: Date) => `${new Date(d.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16).replace('T', ' ')} IST`;

/** Form ST2 as a PDF: sections of the form, the affected applications, the declarations. */
export function invitationPdf(detail: InvitationDetail, generatedAt: Date): Readable {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${enEBidding.titles.invitationForm} ${detail.bidInvitationNo}` } });
  const row = (label: string, value: string | null | undefined) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(value && value !== '' ? value : NONE);
  };
  const section = (title: string) => {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).fillColor('#1f3a5f').text(title).fillColor('black').moveDown(0.2);
  };
  doc.font('Helvetica-Bold').fontSize(13).text(enEBidding.titles.invitationForm, { align: 'center' });
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(`Generated ${istStamp(generatedAt)}`, { align: 'center' })
    .fillColor('black');

  section('General Information');
  row('Bid Invitation No.', detail.bidInvitationNo);
  row('Date of Invitation', detail.dateOfInvitation);
  row('Status', detail.status.statusDescription);
  row(F.congestionFromDate, detail.congestionFromDate);
  row(F.congestionToDate, detail.congestionToDate);
  row(F.congestionFromTime, displayTime(detail.congestionFromTime));
  row(F.congestionToTime, displayTime(detail.congestionToTime));
  row(F.availableMargin, detail.availableMargin);
  row('Applied Quantum by All Applicants (MW)', detail.allApplicationsAppliedQuantum);

  section('Anticipated Congestion (Sub-station Transformation Capacity)');
  row(F.subStationDetails, detail.subStationDetails);
  row(F.availableMarginSubstation, detail.availableMarginSubstation);

  section('Anticipated Congestion (Intra-state Transmission System)');
  row(F.transmissionSystemDetails, detail.transmissionSystemDetails);

  section('Bid Details');
  row(F.lastDateOfSubmission, detail.lastDateOfSubmission);
  row(F.deadLine, displayTime(detail.deadLine));
  row(F.bidOpeningDate, detail.bidOpeningDate);
  row(F.bidOpeningTime, displayTime(detail.bidOpeningTime));

  section('Bid invited for Intra-state Transmission System');
  row(F.nameOfTransmissionSystem, detail.nameOfTransmissionSystem);
  row(F.floorPrice, detail.floorPrice);

  section(enEBidding.titles.congestedApplications);
  if (detail.eBiddedApplications.length === 0) doc.font('Helvetica').fontSize(9).text(NONE);
  for (const a of detail.eBiddedApplications) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        `${a.applicationNo} — ${a.applicantName} — registration ${a.registrationNo ?? NONE} (valid to ${a.registrationValidity ?? NONE}) — ${a.fromDate} to ${a.toDate} — applied ${a.appliedQuantum} MW`,
      );
  }

  section('Declarations');
  row(F.place, detail.place);
  row(F.date, detail.date);
  row(F.authorizedPersonName, detail.authorizedPersonName);
  row(F.authorizedPersonDesignation, detail.authorizedPersonDesignation);
  doc.end();
  return doc;
}

interface Column<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | null;
}

/** Rows as an .xlsx stream, one committed row at a time (constant memory). */
function xlsx<T>(sheetName: string, columns: Column<T>[], rows: Iterable<T>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const r of rows) sheet.addRow(columns.map((c) => c.value(r) ?? '')).commit();
  sheet.commit();
  workbook.commit().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

type InvitationRow = InvitationList['invitationList'][number];

export function invitationsXlsx(rows: InvitationRow[], withApplicant: boolean): Readable {
  const columns: Column<InvitationRow>[] = [
    { header: 'Invitation Date', width: 14, value: (r) => dmy(r.dateOfInvitation) },
    { header: 'Bid Invitation No.', width: 20, value: (r) => r.bidInvitationNo },
    { header: 'Application', width: 28, value: (r) => r.applicationNo },
    { header: 'Available Margin (MW)', width: 14, value: (r) => r.availableMargin },
    { header: 'Applied Quantum (MW)', width: 14, value: (r) => r.appliedQuantum },
    { header: 'From Date', width: 12, value: (r) => dmy(r.congestionFromDate) },
    { header: 'To Date', width: 12, value: (r) => dmy(r.congestionToDate) },
    { header: 'From Time', width: 10, value: (r) => displayTime(r.fromTimeSpan) },
    { header: 'To Time', width: 10, value: (r) => displayTime(r.toTimeSpan) },
    { header: 'Last Date of Submission', width: 14, value: (r) => dmy(r.lastDateOfSubmission) },
    { header: 'Deadline', width: 10, value: (r) => displayTime(r.deadLine) },
    { header: 'Floor Price (₹/kWh)', width: 12, value: (r) => r.floorPrice },
    { header: 'Status', width: 12, value: (r) => (r.isExpired && withApplicant ? 'Invitation Expired' : r.status.statusDescription) },
  ];
  return xlsx('Invitations', columns, rows);
}

export function proposalsXlsx(rows: BidProposal[]): Readable {
  const columns: Column<BidProposal>[] = [
    { header: 'Application No.', width: 28, value: (r) => r.applicationNo },
    { header: 'Applicant', width: 28, value: (r) => r.applicantName },
    { header: 'Available Quantum (MW)', width: 14, value: (r) => r.availableQuantum },
    { header: 'Applied Quantum (MW)', width: 14, value: (r) => r.appliedQuantum },
    { header: 'Quoted Price (₹/kWh)', width: 14, value: (r) => r.quotedPrice ?? 'Sealed' },
    { header: 'Floor Price (₹/kWh)', width: 14, value: (r) => r.floorPrice },
    { header: 'Allocated Quantum (MW)', width: 14, value: (r) => r.allocatedQuantum },
    { header: 'Applicable Price (₹/kWh)', width: 14, value: (r) => r.applicablePrice },
    { header: 'Status', width: 12, value: (r) => r.status.statusDescription },
  ];
  return xlsx('Proposals', columns, rows);
}
