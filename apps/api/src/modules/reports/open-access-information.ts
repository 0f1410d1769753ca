import { centiToMw, istDate } from '@stoa/shared/common';
import {
  OPEN_ACCESS_DECISION_MONTHS,
  OPEN_ACCESS_MARGIN_DAYS,
  OPEN_ACCESS_PROCESSING_WINDOW_DAYS,
  type OpenAccessInformation,
  type OpenAccessMargin,
  PROCESSING_STEPS,
} from '@stoa/shared/reports';

import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { type MarginRunRow, openAccessInformationRepository as repo } from './open-access-information.repository';

/**
 * The public Open Access Information page (issue 15, decision 0085): three aggregates read in one
 * call, for anyone, without a session. Dates and months are IST.
 */

export interface OpenAccessInformationDeps {
  db: Database;
  clock: Clock;
}

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** YYYY-MM-01 of the month `back` months before the month of `date`. */
function monthStart(date: string, back: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) - back;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
}
const minutes = (seconds: string | null) => (seconds === null ? null : Math.round(Number(seconds) / 60));

/** The runs of each date and element, with the day's lowest and highest available MW. */
function marginsOf(rows: MarginRunRow[]): OpenAccessMargin[] {
  const out: OpenAccessMargin[] = [];
  let current: (OpenAccessMargin & { lo: number; hi: number }) | undefined;
  const close = () => {
    if (!current) return;
    const { lo, hi, ...margin } = current;
    out.push({ ...margin, minAvailable: centiToMw(lo), maxAvailable: centiToMw(hi) });
  };
  for (const r of rows) {
    if (!current || current.date !== r.date || current.element !== r.element) {
      close();
      current = { date: r.date, element: r.element, minAvailable: '', maxAvailable: '', runs: [], lo: Infinity, hi: 0 };
    }
    const available = Math.max(r.margin - r.booked, 0);
    current.lo = Math.min(current.lo, available);
    current.hi = Math.max(current.hi, available);
    current.runs.push({
      fromBlock: r.from_block,
      toBlock: r.to_block,
      margin: centiToMw(r.margin),
      booked: centiToMw(r.booked),
      available: centiToMw(available),
    });
  }
  close();
  return out;
}

export async function openAccessInformation(deps: OpenAccessInformationDeps): Promise<OpenAccessInformation> {
  const now = deps.clock.now();
  const today = istDate(now);
  const since = new Date(now.getTime() - OPEN_ACCESS_PROCESSING_WINDOW_DAYS * DAY_MS);
  const marginTo = addDays(today, OPEN_ACCESS_MARGIN_DAYS - 1);
  const [months, runs, steps] = await Promise.all([
    repo.decisionsByMonth(deps.db, monthStart(today, OPEN_ACCESS_DECISION_MONTHS - 1), monthStart(today, 0)),
    repo.intraStateMarginRuns(deps.db, today, marginTo),
    repo.stepTimes(deps.db, since),
  ]);
  const stepOf = new Map(steps.map((s) => [`${s.process}|${s.status}`, s]));
  return {
    generatedAt: now.toISOString(),
    decisions: {
      months: months.map((m) => {
        const refusedBy = {
          NoMargin: Number(m.no_margin),
          SldcVerification: Number(m.sldc_verification),
          ApproverI: Number(m.approver_i),
          ApproverII: Number(m.approver_ii),
          Other: Number(m.other),
        };
        return {
          month: m.month,
          approved: Number(m.approved),
          partiallyApproved: Number(m.partially_approved),
          refused: Object.values(refusedBy).reduce((a, b) => a + b, 0),
          refusedBy,
        };
      }),
    },
    margins: { fromDate: today, toDate: marginTo, elements: marginsOf(runs) },
    processingTimes: {
      fromDate: istDate(since),
      toDate: today,
      steps: PROCESSING_STEPS.map(({ process, status }) => {
        const s = stepOf.get(`${process}|${status}`);
        return {
          process,
          status,
          count: Number(s?.count ?? 0),
          medianMinutes: minutes(s?.median ?? null),
          p90Minutes: minutes(s?.p90 ?? null),
        };
      }),
    },
  };
}
