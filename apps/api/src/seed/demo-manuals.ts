import type { Readable } from 'node:stream';

import PDFDocument from 'pdfkit';

import { FILE_CONTENT_TYPES } from '@stoa/shared/files';
import { MANUAL_TARGETS, type ManualTarget, manualTargetLabel } from '@stoa/shared/configuration';

import type { Database } from '../platform/db/client';
import type { FileStorage } from '../platform/files/storage';
import { userManuals } from '../modules/configuration/manuals.tables';
import { USER_MANUAL_OWNER_TYPE } from '../modules/files/files.policy';
import { files } from '../modules/files/files.tables';

/** The display name of the demo manual of a target ('STOA user manual - SLDC Approver-I.pdf'). */
export const demoManualName = (target: ManualTarget) =>
  `STOA user manual - ${manualTargetLabel(target)
    .replace(/[^A-Za-z0-9 ()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()}.pdf`;

/** A one-page PDF saying whose manual it is and that the administrator replaces it. */
function demoManualPdf(target: ManualTarget, at: Date): Readable {
  const label = manualTargetLabel(target);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: `STOA user manual: ${label}`, Author: 'STOA Portal', Creator: 'STOA Portal', CreationDate: at },
  });
  doc.fontSize(20).text('STOA Portal - User Manual');
  doc.moveDown(0.5).fontSize(13).text(label);
  doc
    .moveDown()
    .fontSize(11)
    .text('Demo manual seeded with the demo data. The administrator replaces it under Configurations > User Manual.');
  doc.end();
  return doc;
}

/**
 * Demo data (decision 0021): a small real PDF as the manual of every role and OA entity type, so
 * 'Download User Manual' works on a fresh start. Only targets without a manual get one.
 */
export async function seedDemoManuals(db: Database, storage: FileStorage, at = new Date()): Promise<number> {
  const existing = new Set((await db.select({ target: userManuals.target }).from(userManuals)).map((r) => r.target));
  let seeded = 0;
  for (const target of MANUAL_TARGETS) {
    if (existing.has(target)) continue;
    const received = await storage.receive(demoManualPdf(target, at));
    const storedName = storage.newStoredName();
    await storage.commit(received.tempPath, storedName);
    const [file] = await db
      .insert(files)
      .values({
        originalName: demoManualName(target),
        storedName,
        kind: 'pdf',
        extension: 'pdf',
        mime: FILE_CONTENT_TYPES.pdf,
        sizeBytes: received.size,
        sha256: received.sha256,
        uploadedBy: null,
        formName: 'UserManual',
        ownerType: USER_MANUAL_OWNER_TYPE,
        ownerId: target,
        createdAt: at,
      })
      .returning({ id: files.id });
    await db.insert(userManuals).values({ target, fileId: file!.id, updatedBy: null, updatedAt: at });
    seeded++;
  }
  return seeded;
}
