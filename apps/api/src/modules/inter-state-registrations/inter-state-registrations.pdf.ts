import type { Readable } from 'node:stream';

import PDFDocument from 'pdfkit';

import type { UtilityType } from '@stoa/shared/account';
import {
  INTER_STATE_REGISTRATION_DOCUMENTS,
  INTER_STATE_REGISTRATION_STATUS_LABELS,
  type InterStateRegistrationDetail,
  type InterStateRegistrationStatus,
  type InterStateRegistrationValues,
} from '@stoa/shared/inter-state';
import { enForms, enInterStateRegistration } from '@stoa/shared/messages';
import { WORKFLOW_ACTION_LABELS, type WorkflowAction } from '@stoa/shared/registrations';

import { istDateTime } from '../registrations/registrations.pdf-text';

/**
 * The PDFs of an inter-state registration (decision 0076): its details with documents and history, and
 * its last submitted version compared with the one before, field by field (changed rows shaded). pdfkit
 * writes into the returned stream as it goes; the route pipes it to the response.
 */

const T = enInterStateRegistration;
const F = T.fields;
const NONE = enForms.notProvided;
const MARGIN = 48;
const MUTED = '#555555';
const CHANGED_FILL = '#fff3cd';
const HEAD_FILL = '#e8edf3';

type Doc = PDFKit.PDFDocument;

/** One submitted version as the comparison reads it. */
export interface SubmittedVersion {
  submission: number;
  submittedOn: Date;
  utilityType: UtilityType;
  utilityName: string | null;
  data: InterStateRegistrationValues;
}

function createDoc(title: string, generatedAt: Date): Doc {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: false,
    info: { Title: title, Author: 'STOA Portal', Creator: 'STOA Portal', CreationDate: generatedAt },
  });
}

const yes = (b: boolean | undefined) => (b === true ? 'Yes' : b === false ? 'No' : NONE);

/** The values as [label, text] rows, in form order (documents by file name when known). */
export function valueRows(
  utilityType: UtilityType,
  utilityName: string | null,
  v: InterStateRegistrationValues,
  fileNames: Map<string, string> = new Map(),
): [string, string][] {
  return [
    [F.utilityType, T.utilityTypeLabels[utilityType]],
    [F.utility, utilityName ?? NONE],
    [F.region, v.region ? T.regionLabels[v.region] : NONE],
    [F.noarRegistrationNo, v.noarRegistrationNo ?? NONE],
    [F.regionalEntityCode, v.regionalEntityCode ?? NONE],
    [F.transactionTypes, v.transactionTypes?.length ? v.transactionTypes.map((t) => T.transactionLabels[t]).join(', ') : NONE],
    [F.interStateQuantumMw, v.interStateQuantumMw !== undefined ? v.interStateQuantumMw.toFixed(2) : NONE],
    [F.mainMeterNo, v.mainMeterNo ?? NONE],
    [F.checkMeterNo, v.checkMeterNo ?? NONE],
    [F.meteringConfirmed, yes(v.meteringConfirmed)],
    [F.energyAccountingConfirmed, yes(v.energyAccountingConfirmed)],
    ...INTER_STATE_REGISTRATION_DOCUMENTS.map((d): [string, string] => {
      const id = v[d.name];
      return [d.label, id ? (fileNames.get(id) ?? id) : NONE];
    }),
  ];
}

function heading(doc: Doc, text: string) {
  doc.moveDown(0.6);
  doc.x = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(text);
  doc.moveDown(0.2);
}

/** A table of columns (widths as fractions); `fill` shades a row. */
function table(doc: Doc, widths: number[], rows: { cells: string[]; fill?: string; bold?: boolean }[]) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const row of rows) {
    doc.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const heights = row.cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! * width - 8 }));
    const h = Math.max(...heights) + 6;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    if (row.fill) doc.rect(left, y, width, h).fill(row.fill);
    let x = left;
    row.cells.forEach((c, i) => {
      doc.fillColor('black').text(c, x + 4, y + 3, { width: widths[i]! * width - 8 });
      x += widths[i]! * width;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.4)
      .strokeColor('#b0b7c3')
      .stroke();
    doc.y = y + h;
  }
  doc.x = left;
}

function title(doc: Doc, text: string, generatedAt: Date) {
  doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text(text);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(T.pdf.generated(istDateTime(generatedAt)));
  doc.fillColor('black').moveDown(0.4);
}

const statusText = (s: string) => INTER_STATE_REGISTRATION_STATUS_LABELS[s as InterStateRegistrationStatus] ?? s;
const actionText = (a: string) => (a === 'DeemedConsent' ? 'Deemed consent' : (WORKFLOW_ACTION_LABELS[a as WorkflowAction] ?? a));

/** The details of one record: the entity, the values, the documents and the history. */
export function interStateRegistrationDetailPdf({
  detail: d,
  generatedAt,
}: {
  detail: InterStateRegistrationDetail;
  generatedAt: Date;
}): Readable {
  const doc = createDoc(T.pdf.title, generatedAt);
  title(doc, T.pdf.title, generatedAt);
  table(
    doc,
    [0.4, 0.6],
    [
      { cells: [F.interStateRegistrationNo, d.interStateRegistrationNo ?? NONE] },
      { cells: [F.entityName, d.entityName] },
      { cells: [F.registrationNo, d.registrationNo ?? NONE] },
      { cells: [F.status, d.status.statusDescription] },
      ...(d.submittedOn ? [{ cells: ['Submitted On', istDateTime(d.submittedOn)] }] : []),
      ...(d.approvedOn ? [{ cells: ['Approved On', istDateTime(d.approvedOn)] }] : []),
    ],
  );
  heading(doc, T.steps.participation);
  const names = new Map(d.documents.map((x) => [x.fileId, x.fileName]));
  table(
    doc,
    [0.4, 0.6],
    valueRows(d.utilityType, d.utilityName, d.values, names).map((cells) => ({ cells })),
  );
  heading(doc, T.detail.history);
  table(
    doc,
    [0.22, 0.18, 0.22, 0.38],
    [
      { cells: ['When', 'Action', 'By', 'Status / Remarks'], fill: HEAD_FILL, bold: true },
      ...d.history.map((h) => ({
        cells: [
          istDateTime(h.createdOn),
          actionText(h.action),
          h.actorName ? `${h.actorName}${h.actorRole ? ` (${h.actorRole})` : ''}` : 'System',
          `${statusText(h.toStatus)}${h.remarks ? ` — ${h.remarks}` : ''}`,
        ],
      })),
    ],
  );
  doc.end();
  return doc;
}

/** The last submitted version against the one before (or alone, when submitted once), changed rows shaded. */
export function interStateRegistrationComparisonPdf({
  detail: d,
  current,
  previous,
  generatedAt,
}: {
  detail: InterStateRegistrationDetail;
  current: SubmittedVersion;
  previous: SubmittedVersion | null;
  generatedAt: Date;
}): Readable {
  const doc = createDoc(T.pdf.comparisonTitle, generatedAt);
  title(doc, T.pdf.comparisonTitle, generatedAt);
  table(
    doc,
    [0.4, 0.6],
    [
      { cells: [F.entityName, d.entityName] },
      { cells: [F.registrationNo, d.registrationNo ?? NONE] },
      { cells: [F.status, d.status.statusDescription] },
    ],
  );
  const names = new Map(d.documents.map((x) => [x.fileId, x.fileName]));
  const now = valueRows(current.utilityType, current.utilityName, current.data, names);
  const label = (v: SubmittedVersion) => T.pdf.version(v.submission, istDateTime(v.submittedOn));
  heading(doc, previous ? `${label(previous)} → ${label(current)}` : label(current));
  if (!previous) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(T.pdf.onlyOne).fillColor('black').moveDown(0.3);
    table(doc, [0.4, 0.6], [{ cells: [T.pdf.field, T.pdf.current], fill: HEAD_FILL, bold: true }, ...now.map((cells) => ({ cells }))]);
  } else {
    const before = valueRows(previous.utilityType, previous.utilityName, previous.data, names);
    table(
      doc,
      [0.3, 0.3, 0.3, 0.1],
      [
        { cells: [T.pdf.field, T.pdf.previous, T.pdf.current, ''], fill: HEAD_FILL, bold: true },
        ...now.map(([field, value], i) => {
          const old = before[i]![1];
          const changed = old !== value;
          return { cells: [field, old, value, changed ? T.pdf.changed : ''], ...(changed ? { fill: CHANGED_FILL } : {}) };
        }),
      ],
    );
  }
  doc.end();
  return doc;
}
