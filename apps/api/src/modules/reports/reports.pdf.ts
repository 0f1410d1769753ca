import type { Readable } from 'node:stream';

import PDFDocument from 'pdfkit';

import { en } from '@stoa/shared/messages';
import { formatReportCell, isNumericColumn, type ReportDefinition, type ReportRow } from '@stoa/shared/reports';

/**
 * A report as an A4 landscape PDF (decision 0066): the SLDC's header, the report's title, the filters
 * applied and the time of generation, then the table (pdfkit's table breaks pages and repeats no
 * header, so each page starts with the column names again) and the totals row. The standard fonts
 * have no ₹ glyph, so amounts read "Rs. 5,900.00"; the text stays uncompressed so tests can read it.
 */

const MARGIN = 32;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MUTED = '#555555';
const RULE = '#b0b7c3';
const HEAD_FILL = '#e8edf3';
const ROWS_PER_PAGE = 28;

export interface ReportPdfInput {
  def: ReportDefinition;
  filtersApplied: string[];
  generatedAt: string;
  batches: AsyncIterable<ReportRow[]>;
  totals: () => Record<string, number> | null;
}

const rupeesText = (text: string) => text.replace(/₹/g, 'Rs. ');

export function reportPdf(input: ReportPdfInput): Readable {
  const { def } = input;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    compress: false,
    bufferPages: false,
    info: { Title: def.label, Author: en.app.owner, Creator: en.app.name },
  });
  const width = doc.page.width - MARGIN * 2;

  doc.font(BOLD).fontSize(14).fillColor('black').text(en.app.owner, { align: 'center' });
  doc.font(FONT).fontSize(9).fillColor(MUTED).text(en.app.fullName, { align: 'center' });
  doc.moveDown(0.5);
  doc.font(BOLD).fontSize(13).fillColor('black').text(def.label, { align: 'center' });
  doc.moveDown(0.4);
  doc.font(FONT).fontSize(8.5).fillColor(MUTED);
  doc.text(`Filters: ${input.filtersApplied.length ? input.filtersApplied.join('; ') : 'none'}`);
  doc.text(`Generated on ${input.generatedAt} (IST)`);
  doc.moveDown(0.5);

  const header = () => def.columns.map((c) => ({ text: rupeesText(c.label), font: { src: BOLD, size: 7.5 }, backgroundColor: HEAD_FILL }));
  const cells = (values: string[], bold = false) =>
    def.columns.map((c, i) => ({
      text: rupeesText(values[i] ?? ''),
      font: { src: bold ? BOLD : FONT, size: 7.5 },
      align: isNumericColumn(c) ? 'right' : 'left',
    }));
  const newTable = () =>
    doc.table({
      position: { x: MARGIN },
      maxWidth: width,
      defaultStyle: { border: 0.5, borderColor: RULE, padding: [3, 3, 3, 3] },
    });

  void (async () => {
    let table = newTable();
    table.row(header());
    let onPage = 0;
    let count = 0;
    for await (const batch of input.batches) {
      for (const row of batch) {
        if (onPage === ROWS_PER_PAGE) {
          table.end();
          doc.addPage();
          table = newTable();
          table.row(header());
          onPage = 0;
        }
        table.row(cells(def.columns.map((c) => formatReportCell(c, row[c.key]))) as never);
        onPage++;
        count++;
      }
    }
    const totals = input.totals();
    if (totals) {
      table.row(
        cells(
          def.columns.map((c, i) => (i === 0 ? 'Total' : c.key in totals ? formatReportCell(c, totals[c.key]!) : '')),
          true,
        ) as never,
      );
    }
    table.end();
    doc.moveDown(0.5);
    doc
      .font(FONT)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`${count} row${count === 1 ? '' : 's'}`);
    doc.end();
  })().catch((err: unknown) => doc.destroy(err as Error));
  return doc;
}
