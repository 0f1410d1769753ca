import type { Readable } from 'node:stream';

import PDFDocument from 'pdfkit';

import {
  displayDate,
  enForms,
  enRegistrations,
  type FormField,
  getPath,
  IST_OFFSET_MINUTES,
  isEmptyValue,
  isIsoDate,
  OTHER_VALUE,
  REGISTRATION_FORMS,
  REGISTRATION_STATUS_LABELS,
  type RegistrationDetail,
  type RegistrationStatus,
  unitColumns,
  visibleFields,
  visibleSteps,
  WORKFLOW_ACTION_LABELS,
  type WorkflowAction,
} from '@stoa/shared';

/**
 * PDF downloads of a registration for the SLDC (issue 4; ARCHITECTURE §7): the details of one
 * record, and a renewal compared with the previous version. pdfkit writes into the returned
 * stream as it goes; callers pipe it to the response.
 */

const P = enRegistrations.pdf;
const D = enRegistrations.detail;
const NONE = enForms.notProvided;

const MARGIN = 48;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MUTED = '#555555';
const RULE = '#b0b7c3';
const HEAD_FILL = '#e8edf3';
const CHANGED_FILL = '#fff3cd';
const SECTION_FILL = '#f5f7fa';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM DD, YYYY h:mm A' in India Standard Time (spec 001 §9). */
function istDateTime(instant: Date | string): string {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(time)) return String(instant);
  const d = new Date(time + IST_OFFSET_MINUTES * 60_000);
  const hours = d.getUTCHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()} ${h12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'MMM DD, YYYY' of a YYYY-MM-DD date (or of an ISO instant's IST date). */
function date(value: string | null | undefined): string {
  if (!value) return NONE;
  if (isIsoDate(value)) return displayDate(value);
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : displayDate(new Date(time + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10));
}

const yesNo = (value: unknown) => (value === true || value === 'true' || value === 'TRUE' ? P.yes : P.no);
const statusLabel = (status: string | null) => (status ? (REGISTRATION_STATUS_LABELS[status as RegistrationStatus] ?? status) : NONE);
const actionLabel = (action: string) => WORKFLOW_ACTION_LABELS[action as WorkflowAction] ?? action;

// ---------------------------------------------------------------------------------------------
// Values as text

type Table = { header: string[]; rows: string[][] };
type Block = { kind: 'row'; label: string; value: string } | { kind: 'table'; label: string; table: Table } | { kind: 'heading'; text: string } | { kind: 'note'; text: string };

interface FormatContext {
  detail: RegistrationDetail;
}

function fileName(ctx: FormatContext, fieldName: string, fileId: unknown): string {
  if (isEmptyValue(fileId)) return NONE;
  const known = ctx.detail.fileList.find((f) => f.fileId === fileId) ?? ctx.detail.fileList.find((f) => f.fieldName === fieldName);
  return known?.fileName ?? P.uploaded;
}

function optionLabel(options: readonly { value: string; label: string }[] | undefined, value: unknown): string {
  return options?.find((o) => o.value === value)?.label ?? String(value);
}

/** One scalar value as shown on the form: option labels, Yes/No, dates, units, file names. */
function scalarText(field: FormField, value: unknown, ctx: FormatContext, values: Record<string, unknown>): string {
  if (field.kind === 'checkbox') return yesNo(value);
  if (field.kind === 'radio' && field.yesNo) return isEmptyValue(value) ? NONE : yesNo(value);
  if (isEmptyValue(value)) return NONE;
  switch (field.kind) {
    case 'text':
      if (typeof value === 'number') return field.unit ? `${value} ${field.unit}` : String(value);
      return String(value);
    case 'combo': {
      if (field.optionSource === 'discoms' || field.optionSource === 'transcos') {
        const utility = [ctx.detail.discom, ctx.detail.transco].find((u) => u?.id === value);
        return utility?.name ?? String(value);
      }
      return optionLabel(field.options, value);
    }
    case 'multiCombo':
      return (Array.isArray(value) ? value : [value]).map((v) => optionLabel(field.options, v)).join(', ');
    case 'comboOthers':
      if (value === OTHER_VALUE) {
        const other = values[`${field.name}Other`];
        return isEmptyValue(other) ? enForms.other : String(other);
      }
      return optionLabel(field.options, value);
    case 'radio':
      return optionLabel(field.options, value);
    case 'date':
      return date(String(value));
    case 'month': {
      const [y, m] = String(value).split('-');
      const month = MONTHS[Number(m) - 1];
      return month ? `${month} ${y}` : String(value);
    }
    case 'file':
      return fileName(ctx, field.name, value);
    case 'emailChips':
      return (Array.isArray(value) ? value : [value]).map(String).join(', ');
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r)) : [];

/** A table-valued field as a small table; undefined for scalar kinds. */
function tableOf(field: FormField, value: unknown, ctx: FormatContext): Table | undefined {
  const rows = records(value);
  switch (field.kind) {
    case 'tableInput':
      return { header: field.columns.map((c) => c.label), rows: rows.map((r) => field.columns.map((c) => scalarText(c, r[c.name], ctx, r))) };
    case 'unitDetails': {
      const columns = unitColumns();
      return { header: columns.map((c) => c.label), rows: rows.map((r) => columns.map((c) => scalarText(c, r[c.name], ctx, r))) };
    }
    case 'zoneDetails': {
      const Z = enForms.zone;
      return {
        header: [Z.zone, Z.connectivityPoints, Z.zonefileId],
        rows: rows.map((r) => [isEmptyValue(r.zone) ? NONE : String(r.zone), isEmptyValue(r.connectivityPoints) ? NONE : String(r.connectivityPoints), fileName(ctx, `${field.name}.zonefileId`, r.zonefileId)]),
      };
    }
    case 'fileDetails': {
      const F = enForms.fileDetails;
      return {
        header: [F.document, F.file, F.validUpto, F.isValid, F.comments],
        rows: rows.map((r) => [
          isEmptyValue(r.label) ? NONE : String(r.label),
          isEmptyValue(r.fileName) ? fileName(ctx, field.name, r.fileId) : String(r.fileName),
          date(typeof r.validUpto === 'string' ? r.validUpto : null),
          r.isValid === undefined || r.isValid === null ? P.notVerified : yesNo(r.isValid),
          isEmptyValue(r.comments) ? NONE : String(r.comments),
        ]),
      };
    }
    case 'dataTable':
      return { header: field.columns.map((c) => c.label), rows: rows.map((r) => field.columns.map((c) => (isEmptyValue(r[c.name]) ? NONE : String(r[c.name])))) };
    default:
      return undefined;
  }
}

/** The blocks of one step: label/value rows, small tables, headings and notes. */
function stepBlocks(fields: readonly FormField[], stepTitle: string, ctx: FormatContext): Block[] {
  const values = ctx.detail.data;
  const blocks: Block[] = [];
  for (const field of fields) {
    if (field.kind === 'button') continue;
    if (field.kind === 'title') {
      if (field.label !== stepTitle) blocks.push({ kind: 'heading', text: field.label });
      continue;
    }
    if (field.kind === 'displayText') {
      if (field.source) blocks.push({ kind: 'row', label: field.label, value: isEmptyValue(getPath(values, field.source)) ? NONE : String(getPath(values, field.source)) });
      else if (field.helperText) blocks.push({ kind: 'row', label: field.label, value: field.helperText });
      else blocks.push({ kind: 'note', text: field.label });
      continue;
    }
    const value = getPath(values, field.name);
    const table = tableOf(field, value, ctx);
    if (table) blocks.push({ kind: 'table', label: field.label, table });
    else blocks.push({ kind: 'row', label: field.label, value: scalarText(field, value, ctx, values) });
  }
  return blocks;
}

/** A field's value as one text (tables: a line per row), for the comparison. */
function valueText(field: FormField, ctx: FormatContext): string {
  const values = ctx.detail.data;
  if (field.kind === 'displayText') return field.source ? String(getPath(values, field.source) ?? NONE) : (field.helperText ?? '');
  const value = getPath(values, field.name);
  const table = tableOf(field, value, ctx);
  if (table) return table.rows.length === 0 ? NONE : table.rows.map((r) => r.join(' | ')).join('\n');
  return scalarText(field, value, ctx, values);
}

/** Stable JSON of a raw value; every kind of "nothing entered" is the same. */
function rawKey(value: unknown): string {
  if (isEmptyValue(value)) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(rawKey).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => !isEmptyValue(v));
  return `{${entries.sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${JSON.stringify(k)}:${rawKey(v)}`).join(',')}}`;
}

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
  doc.font(FONT).fontSize(9).fillColor(MUTED).text(P.generatedOn(istDateTime(generatedAt)));
  doc.fillColor('black').moveDown(0.6);
}

function sectionHeading(doc: Doc, text: string) {
  ensureSpace(doc, 48);
  doc.x = doc.page.margins.left;
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(12).fillColor('black').text(text);
  const y = doc.y + 2;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.6).strokeColor(RULE).stroke();
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
function drawTable(doc: Doc, header: string[], rows: TableRow[], opts: { widths?: (number | string)[]; fills?: (string | undefined)[]; fontSize?: number } = {}) {
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
  const validity = detail.validFrom && detail.expiredOn ? P.validityRange(date(detail.validFrom), date(detail.expiredOn)) : detail.expiredOn ? date(detail.expiredOn) : P.notIssued;
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
    detail.fileList.map((f) => [f.documentLabel, f.fileName, date(f.validUpto), f.isValid === null ? P.notVerified : yesNo(f.isValid), f.comments || NONE]),
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
    detail.history.map((h) => [istDateTime(h.at), actionLabel(h.action), statusLabel(h.fromStatus), statusLabel(h.toStatus), h.actorName ?? D.system, h.remarks || NONE]),
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
export function registrationComparisonPdf(input: { current: RegistrationDetail; previous: RegistrationDetail; generatedAt: Date }): Readable {
  const { current, previous, generatedAt } = input;
  const doc = createDoc(P.comparisonTitle, generatedAt);
  title(doc, P.comparisonTitle, generatedAt);
  keyValues(doc, [
    [enRegistrations.entityTypeLabels[current.entityType], current.data.entityName ? String(current.data.entityName) : current.ownerName],
    [`${P.previous}: ${D.registrationNo}`, previous.registrationNo ?? P.notIssued],
    [`${P.previous}: ${P.status}`, previous.statusDescription || statusLabel(previous.status)],
    [`${P.previous}: ${D.validity}`, previous.validFrom && previous.expiredOn ? P.validityRange(date(previous.validFrom), date(previous.expiredOn)) : date(previous.expiredOn)],
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
    const fields = step.fields.filter((f) => (now.has(f) || before.has(f)) && f.kind !== 'title' && f.kind !== 'button' && !(f.kind === 'displayText' && !f.source));
    if (fields.length === 0) continue;
    rows.push({ section: step.title });
    fills.push(undefined);
    for (const field of fields) {
      const prevText = before.has(field) ? valueText(field, prevCtx) : NONE;
      const currText = now.has(field) ? valueText(field, currCtx) : NONE;
      const changed = before.has(field) !== now.has(field) || rawKey(getPath(previous.data, field.name)) !== rawKey(getPath(current.data, field.name));
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
