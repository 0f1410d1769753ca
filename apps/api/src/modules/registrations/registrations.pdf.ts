import type { Readable } from 'node:stream';

import PDFDocument from 'pdfkit';

import { enForms, enRegistrations } from '@stoa/shared/messages';
import { getPath, visibleFields, visibleSteps } from '@stoa/shared/forms';
import { REGISTRATION_FORMS, type RegistrationDetail } from '@stoa/shared/registrations';

import {
  actionLabel,
  D,
  date,
  type FormatContext,
  istDateTime,
  NONE,
  P,
  rawKey,
  statusLabel,
  stepBlocks,
  valueText,
  yesNo,
} from './registrations.pdf-text';

/**
 * PDF downloads of a registration for the SLDC (issue 4; ARCHITECTURE §7): the details of one
 * record, and a renewal compared with the previous version. pdfkit writes into the returned
 * stream as it goes; callers pipe it to the response.
 */

const MARGIN = 48;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MUTED = '#555555';
const RULE = '#b0b7c3';
const HEAD_FILL = '#e8edf3';
const CHANGED_FILL = '#fff3cd';
const SECTION_FILL = '#f5f7fa';

// ---------------------------------------------------------------------------------------------
// Drawing

type Doc = PDFKit.PDFDocument;

function createDoc(title: string, generatedAt: Date): Doc {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Text stays readable in the file (tests assert on it); registrations are a few pages.
    compress: false,
    info: { Title: title, Author: 'STOA Portal', Creator: 'STOA Portal', CreationDate: generatedAt },
  });
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function title(doc: Doc, text: string, generatedAt: Date) {
  doc.font(BOLD).fontSize(16).fillColor('black').text(text, { align: 'left' });
  doc.moveDown(0.2);
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(MUTED)
    .text(P.generatedOn(istDateTime(generatedAt)));
  doc.fillColor('black').moveDown(0.6);
}

function sectionHeading(doc: Doc, text: string) {
  ensureSpace(doc, 48);
  doc.x = doc.page.margins.left;
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(12).fillColor('black').text(text);
  const y = doc.y + 2;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.5);
}

function subHeading(doc: Doc, text: string) {
  ensureSpace(doc, 36);
  doc.x = doc.page.margins.left;
  doc.moveDown(0.3);
  doc.font(BOLD).fontSize(10).fillColor('black').text(text);
  doc.moveDown(0.2);
}

function note(doc: Doc, text: string) {
  doc.x = doc.page.margins.left;
  doc.font(FONT).fontSize(9).fillColor(MUTED).text(text);
  doc.fillColor('black').moveDown(0.3);
}

/** A body row: cells, or a section title across the whole table. */
type TableRow = string[] | { section: string };

/**
 * A bordered table with a shaded header row. `fills` shades whole body rows (changed rows of the
 * comparison); `widths` are column widths (numbers, or '*' to share what is left).
 */
function drawTable(
  doc: Doc,
  header: string[],
  rows: TableRow[],
  opts: { widths?: (number | string)[]; fills?: (string | undefined)[]; fontSize?: number } = {},
) {
  const size = opts.fontSize ?? 9;
  ensureSpace(doc, 40);
  doc.x = doc.page.margins.left;
  doc.font(FONT).fontSize(size).fillColor('black');
  const table = doc.table({
    position: { x: doc.page.margins.left },
    maxWidth: contentWidth(doc),
    columnStyles: opts.widths ?? header.map(() => '*'),
    defaultStyle: { border: 0.5, borderColor: RULE, padding: [3, 4, 3, 4] },
  });
  table.row(header.map((text) => ({ text, font: { src: BOLD, size }, backgroundColor: HEAD_FILL, type: 'TH' as const })));
  rows.forEach((row, i) => {
    if (!Array.isArray(row)) {
      table.row([{ text: row.section, colSpan: header.length, font: { src: BOLD, size }, backgroundColor: SECTION_FILL }]);
      return;
    }
    const fill = opts.fills?.[i];
    table.row(row.map((text) => ({ text, font: { src: FONT, size }, ...(fill ? { backgroundColor: fill } : {}) })));
  });
  table.end();
  doc.x = doc.page.margins.left;
  doc.moveDown(0.5);
}

function keyValues(doc: Doc, pairs: [string, string][]) {
  if (pairs.length === 0) return;
  const width = contentWidth(doc);
  const rowsTable = doc.table({
    position: { x: doc.page.margins.left },
    maxWidth: width,
    columnStyles: [Math.round(width * 0.38), '*'],
    defaultStyle: { border: 0.5, borderColor: RULE, padding: [3, 4, 3, 4] },
  });
  for (const [label, value] of pairs) {
    rowsTable.row([
      { text: label, font: { src: BOLD, size: 9 }, backgroundColor: SECTION_FILL },
      { text: value, font: { src: FONT, size: 9 } },
    ]);
  }
  rowsTable.end();
  doc.x = doc.page.margins.left;
  doc.moveDown(0.5);
}

function summary(doc: Doc, detail: RegistrationDetail) {
  const validity =
    detail.validFrom && detail.expiredOn
      ? P.validityRange(date(detail.validFrom), date(detail.expiredOn))
      : detail.expiredOn
        ? date(detail.expiredOn)
        : P.notIssued;
  const pairs: [string, string][] = [
    [D.registrationNo, detail.registrationNo ?? P.notIssued],
    [P.status, detail.statusDescription || statusLabel(detail.status)],
    [D.validity, validity],
    [P.applicant, detail.ownerName],
  ];
  keyValues(doc, pairs);
}

function writeSteps(doc: Doc, detail: RegistrationDetail) {
  const def = REGISTRATION_FORMS[detail.entityType];
  const ctx: FormatContext = { detail };
  for (const step of visibleSteps(def, detail.data)) {
    sectionHeading(doc, step.title);
    let pairs: [string, string][] = [];
    const flush = () => {
      keyValues(doc, pairs);
      pairs = [];
    };
    for (const block of stepBlocks(visibleFields(def, step, detail.data), step.title, ctx)) {
      if (block.kind === 'row') {
        pairs.push([block.label, block.value]);
        continue;
      }
      flush();
      if (block.kind === 'heading') subHeading(doc, block.text);
      else if (block.kind === 'note') note(doc, block.text);
      else {
        subHeading(doc, block.label);
        if (block.table.rows.length === 0) note(doc, enForms.noRows);
        else drawTable(doc, block.table.header, block.table.rows);
      }
    }
    flush();
  }
}

function writeDocuments(doc: Doc, detail: RegistrationDetail) {
  sectionHeading(doc, D.fileValidation);
  if (detail.fileList.length === 0) {
    note(doc, P.noDocuments);
    return;
  }
  drawTable(
    doc,
    [P.document, P.file, P.validUpto, P.verified, P.comments],
    detail.fileList.map((f) => [
      f.documentLabel,
      f.fileName,
      date(f.validUpto),
      f.isValid === null ? P.notVerified : yesNo(f.isValid),
      f.comments || NONE,
    ]),
    { widths: ['*', '*', 72, 60, '*'] },
  );
}

function writeHistory(doc: Doc, detail: RegistrationDetail) {
  sectionHeading(doc, D.history);
  if (detail.history.length === 0) {
    note(doc, P.noHistory);
    return;
  }
  drawTable(
    doc,
    [P.date, P.action, P.from, P.to, P.by, D.remarks],
    detail.history.map((h) => [
      istDateTime(h.at),
      actionLabel(h.action),
      statusLabel(h.fromStatus),
      statusLabel(h.toStatus),
      h.actorName ?? D.system,
      h.remarks || NONE,
    ]),
    { widths: [78, 70, 80, 80, 70, '*'], fontSize: 8 },
  );
}

/** The details of one registration: summary, every step of its form, documents and history. */
export function registrationDetailPdf(input: { detail: RegistrationDetail; generatedAt: Date }): Readable {
  const { detail, generatedAt } = input;
  const heading = enRegistrations.formTitle[detail.entityType];
  const doc = createDoc(`${heading}${detail.registrationNo ? ` ${detail.registrationNo}` : ''}`, generatedAt);
  title(doc, heading, generatedAt);
  if (detail.isRenewal) note(doc, P.renewal);
  summary(doc, detail);
  writeSteps(doc, detail);
  writeDocuments(doc, detail);
  writeHistory(doc, detail);
  doc.end();
  return doc;
}

/**
 * A renewal beside the previous registration: every field of the form (either version) with both
 * values; changed rows are shaded and marked.
 */
export function registrationComparisonPdf(input: {
  current: RegistrationDetail;
  previous: RegistrationDetail;
  generatedAt: Date;
}): Readable {
  const { current, previous, generatedAt } = input;
  const doc = createDoc(P.comparisonTitle, generatedAt);
  title(doc, P.comparisonTitle, generatedAt);
  keyValues(doc, [
    [enRegistrations.entityTypeLabels[current.entityType], current.data.entityName ? String(current.data.entityName) : current.ownerName],
    [`${P.previous}: ${D.registrationNo}`, previous.registrationNo ?? P.notIssued],
    [`${P.previous}: ${P.status}`, previous.statusDescription || statusLabel(previous.status)],
    [
      `${P.previous}: ${D.validity}`,
      previous.validFrom && previous.expiredOn
        ? P.validityRange(date(previous.validFrom), date(previous.expiredOn))
        : date(previous.expiredOn),
    ],
    [`${P.renewal}: ${P.status}`, current.statusDescription || statusLabel(current.status)],
  ]);

  const def = REGISTRATION_FORMS[current.entityType];
  const prevCtx: FormatContext = { detail: previous };
  const currCtx: FormatContext = { detail: current };
  const rows: TableRow[] = [];
  const fills: (string | undefined)[] = [];
  let changedCount = 0;
  for (const step of def.steps) {
    const shownNow = visibleSteps(def, current.data).includes(step);
    const shownBefore = visibleSteps(def, previous.data).includes(step);
    if (!shownNow && !shownBefore) continue;
    const now = new Set(shownNow ? visibleFields(def, step, current.data) : []);
    const before = new Set(shownBefore ? visibleFields(def, step, previous.data) : []);
    const fields = step.fields.filter(
      (f) => (now.has(f) || before.has(f)) && f.kind !== 'title' && f.kind !== 'button' && !(f.kind === 'displayText' && !f.source),
    );
    if (fields.length === 0) continue;
    rows.push({ section: step.title });
    fills.push(undefined);
    for (const field of fields) {
      const prevText = before.has(field) ? valueText(field, prevCtx) : NONE;
      const currText = now.has(field) ? valueText(field, currCtx) : NONE;
      const changed =
        before.has(field) !== now.has(field) || rawKey(getPath(previous.data, field.name)) !== rawKey(getPath(current.data, field.name));
      if (changed) changedCount++;
      rows.push([field.label, prevText, currText, changed ? P.changedMark : '']);
      fills.push(changed ? CHANGED_FILL : undefined);
    }
  }
  note(doc, P.changedCount(changedCount));
  drawTable(doc, [P.field, P.previous, P.renewal, P.changed], rows, { widths: [130, '*', '*', 52], fills });
  doc.end();
  return doc;
}
