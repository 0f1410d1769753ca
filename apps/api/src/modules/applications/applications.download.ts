import { PassThrough, type Readable } from 'node:stream';

import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import {
  applicationEndpoints,
  blockEndTime,
  blockStartTime,
  BLOCKS_PER_DAY,
  type OpenAccessDetails,
  type openAccessParams,
} from '@stoa/shared/applications';
import { enApplications } from '@stoa/shared/messages';

import { requireRoles } from '../../platform/auth';
import { contentDisposition } from '../files/files.routes';

/** 'DD/MM/YYYY' of a wire date 'YYYY-MM-DD' (spec 000 §9: lists show dd/mm/yyyy), never the ISO form. */
export const entryDate = (wire: string) => wire.slice(0, 10).split('-').reverse().join('/');

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The download's file name: the application number with its slashes as dashes. */
export const openAccessFileName = (applicationNo: string) => `open-access-${applicationNo.replace(/[^A-Za-z0-9-]+/g, '-')}.xlsx`;

/**
 * DownloadOpenAccessDetails (decision 0012): GetOpenAccessDetails as an .xlsx written row by row by
 * exceljs' streaming WorkbookWriter. Sheet 'Blocks': one row per day and time block with a request
 * or a grant (Date, Block, From, To, Requested MW, Granted MW — empty before processing); sheet
 * 'Days': requested and granted MWh per day and the totals; the application's heading on top of both.
 */
export function openAccessWorkbook(d: OpenAccessDetails): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const heading = (sheet: ExcelJS.Worksheet) => {
    sheet.addRow([`Application ${d.applicationNo} (${enApplications.typeLabels[d.applicationType]})`]).font = { bold: true };
    sheet.addRow([`Seller: ${d.sellerName}`, '', `Buyer: ${d.buyerName}`]).commit();
    sheet.addRow([`Status: ${d.statusDescription}`]).commit();
    sheet.addRow([]).commit();
  };
  const mw = (text: string) => Number(text);

  const blocks = workbook.addWorksheet('Blocks', { views: [{ state: 'frozen', ySplit: 5 }] });
  blocks.columns = [
    { key: 'date', width: 12 },
    { key: 'block', width: 7 },
    { key: 'from', width: 7 },
    { key: 'to', width: 7 },
    { key: 'requested', width: 15, style: { numFmt: '0.00' } },
    { key: 'granted', width: 15, style: { numFmt: '0.00' } },
  ];
  heading(blocks);
  const header = blocks.addRow(['Date', 'Block', 'From', 'To', 'Requested (MW)', 'Granted (MW)']);
  header.font = { bold: true };
  header.commit();
  for (const day of d.days) {
    for (let b = 0; b < BLOCKS_PER_DAY; b++) {
      const requested = day.requested[b] ?? '0.00';
      const granted = day.granted ? (day.granted[b] ?? '0.00') : null;
      if (mw(requested) === 0 && (granted === null || mw(granted) === 0)) continue;
      blocks
        .addRow([
          entryDate(day.date),
          b + 1,
          blockStartTime(b + 1),
          blockEndTime(b + 1),
          mw(requested),
          granted === null ? null : mw(granted),
        ])
        .commit();
    }
  }
  blocks.commit();

  const days = workbook.addWorksheet('Days');
  days.columns = [
    { key: 'date', width: 12 },
    { key: 'requested', width: 16 },
    { key: 'granted', width: 16 },
  ];
  heading(days);
  const h2 = days.addRow(['Date', 'Requested (MWh)', 'Granted (MWh)']);
  h2.font = { bold: true };
  h2.commit();
  for (const day of d.days)
    days.addRow([entryDate(day.date), Number(day.requestedMwh), day.grantedMwh === null ? null : Number(day.grantedMwh)]).commit();
  const total = days.addRow(['Total', Number(d.requestedMwh), d.grantedMwh === null ? null : Number(d.grantedMwh)]);
  total.font = { bold: true };
  total.commit();
  days.commit();
  workbook.commit().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/**
 * DownloadOpenAccessDetails: the workbook is a file, not the envelope, so it is registered like
 * File/Download (same role check as its contract) rather than through `route()`.
 */
export function openAccessDownloadRoute(
  app: FastifyInstance,
  details: (req: FastifyRequest, applicationId: string) => Promise<OpenAccessDetails>,
) {
  const e = applicationEndpoints.downloadOpenAccessDetails;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: e.path,
    schema: { summary: e.summary, tags: ['Application'], params: e.params, security: [{ bearerAuth: [] }] },
    preValidation: requireRoles(e.roles),
    handler: async (req, reply) => {
      const { applicationId } = req.params as z.output<typeof openAccessParams>;
      const d = await details(req, applicationId);
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', contentDisposition('attachment', openAccessFileName(d.applicationNo)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(openAccessWorkbook(d));
    },
  });
}
