import { groupFieldErrors, istDate } from '@stoa/shared/common';
import { enReconciliation } from '@stoa/shared/messages';
import {
  type BankStatement,
  STATEMENT_FILE_EXTENSIONS,
  STATEMENT_MAX_ROWS,
  STATEMENT_MAX_XLSX_UNPACKED_BYTES,
  type StatementPayment,
} from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { UnreadableFileError } from '../atc/atc.reader';
import { readUploadedTable, uploadedFileError as fileError } from '../files/uploaded-table';
import { type Meta, type PaymentsDeps, recordChange } from './payments.deps';
import { type BankStatementRecord, reconciliationRepository as repo, type StoredMatching } from './reconciliation.repository';
import { matchStatement, parseStatementRows, StatementHeaderError, TooManyStatementRowsError } from './statement.parser';

/**
 * The bank statement of Payment Reconciliation (decision 0055): the SLDC business user uploads the
 * account statement (File/Upload, formName BankStatement), the server reads it as a stream, checks
 * every row (400 with every row error, nothing kept), matches its credits to the payments pending
 * approval by UTR and amount, and keeps the result with an audit row. Approving stays the
 * Payment/Approve call, with its maker-checker rules.
 */

const T = enReconciliation.statement;
export const BANK_STATEMENT_OWNER_TYPE = 'BankStatement';

async function readStatement(deps: Pick<PaymentsDeps, 'files' | 'clock'>, actor: RequestUser, fileId: string) {
  try {
    const read = await readUploadedTable(
      deps.files,
      actor,
      fileId,
      {
        extensions: STATEMENT_FILE_EXTENSIONS,
        maxUnpackedBytes: STATEMENT_MAX_XLSX_UNPACKED_BYTES,
        tooLargeUnpacked: T.file.tooLargeUnpacked,
      },
      (rows) => parseStatementRows(rows, istDate(deps.clock.now())),
    );
    if (read.parsed.lines.length === 0 && read.parsed.errorCount === 0) throw fileError(T.file.noRows);
    return read;
  } catch (err) {
    if (err instanceof UnreadableFileError) throw fileError(T.file.unreadable);
    if (err instanceof StatementHeaderError) throw fileError(T.file.header);
    if (err instanceof TooManyStatementRowsError) throw fileError(T.file.tooManyRows(STATEMENT_MAX_ROWS));
    throw err;
  }
}

/** The stored matching with the payments as they are now (a matched payment may have been approved since). */
async function present(db: DbOrTx, s: BankStatementRecord, uploadedBy: string): Promise<BankStatement> {
  const m = s.matching;
  const ids = [
    ...new Set([
      ...m.matched.map((x) => x.paymentId),
      ...m.unmatchedLines.flatMap((x) => (x.paymentId ? [x.paymentId] : [])),
      ...m.unmatchedPaymentIds,
    ]),
  ];
  const rows = await repo.statementPayments(db, ids);
  const byId = new Map(rows.map((r) => [r.id, { ...r, status: r.status as StatementPayment['status'] }]));
  const line = (x: StoredMatching['matched'][number]) => ({
    row: x.row,
    date: x.date,
    utr: x.utr,
    amount: x.amount,
    narration: x.narration,
  });
  return {
    id: s.id,
    fileId: s.fileId,
    fileName: s.fileName,
    uploadedBy,
    uploadedAt: s.uploadedAt.toISOString(),
    lineCount: s.lineCount,
    creditTotal: s.creditTotalPaise,
    dateFrom: s.dateFrom,
    dateTo: s.dateTo,
    matched: m.matched.filter((x) => byId.has(x.paymentId)).map((x) => ({ line: line(x), payment: byId.get(x.paymentId)! })),
    unmatchedLines: m.unmatchedLines.map((x) => ({
      line: line({ ...x, paymentId: '' }),
      reason: x.reason as BankStatement['unmatchedLines'][number]['reason'],
      payment: (x.paymentId && byId.get(x.paymentId)) || null,
    })),
    unmatchedPayments: m.unmatchedPaymentIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
  };
}

export async function uploadBankStatement(deps: PaymentsDeps, actor: RequestUser, fileId: string, meta: Meta): Promise<BankStatement> {
  const { fileName, parsed } = await readStatement(deps, actor, fileId);
  if (parsed.errorCount > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      T.file.rowErrors(parsed.errorCount),
      groupFieldErrors(parsed.errors.map((e) => ({ fieldName: `rows.${e.row}.${e.column}`, message: e.message }))),
    );
  const lines = parsed.lines;
  const dates = lines.map((l) => l.date).sort();
  const dateFrom = dates[0]!;
  const dateTo = dates.at(-1)!;
  return inTransaction(deps.db, async (tx) => {
    const candidates = await repo.paymentsByReference(tx, [...new Set(lines.map((l) => l.utr))]);
    const pending = await repo.pendingUpTo(tx, dateTo);
    const result = matchStatement(lines, new Map(candidates.map((c) => [c.reference, c])), pending);
    const matching: StoredMatching = {
      matched: result.matched.map((x) => ({ ...x.line, paymentId: x.paymentId })),
      unmatchedLines: result.unmatchedLines.map((x) => ({ ...x.line, reason: x.reason, paymentId: x.paymentId })),
      unmatchedPaymentIds: result.unmatchedPaymentIds,
    };
    const row = await repo.insertStatement(tx, {
      fileId,
      fileName,
      lineCount: lines.length,
      creditTotalPaise: lines.reduce((a, l) => a + l.amount, 0),
      dateFrom,
      dateTo,
      matchedCount: matching.matched.length,
      unmatchedLineCount: matching.unmatchedLines.length,
      unmatchedPaymentCount: matching.unmatchedPaymentIds.length,
      matching,
      uploadedBy: actor.id,
      uploadedAt: deps.clock.now(),
    });
    await deps.files.attach(tx, actor, fileId, { ownerType: BANK_STATEMENT_OWNER_TYPE, ownerId: row.id }, meta);
    await recordChange(
      deps,
      tx,
      actor,
      'BANK_STATEMENT_UPLOADED',
      'BankStatement',
      row.id,
      null,
      {
        fileId,
        fileName,
        lineCount: row.lineCount,
        creditTotalPaise: row.creditTotalPaise,
        dateFrom,
        dateTo,
        matchedCount: row.matchedCount,
        unmatchedLineCount: row.unmatchedLineCount,
        unmatchedPaymentCount: row.unmatchedPaymentCount,
      },
      meta,
    );
    return present(tx, row, (await repo.statement(tx, row.id))!.uploadedByName);
  });
}

/** The last statement uploaded, with the payments' statuses read afresh; null before the first. */
export async function lastBankStatement(deps: Pick<PaymentsDeps, 'db'>): Promise<{ statement: BankStatement | null }> {
  const last = await repo.statement(deps.db);
  return { statement: last ? await present(deps.db, last.s, last.uploadedByName) : null };
}
