/** What one benchmark reports: timings and their ratio to the baseline measured in the same run. */
export interface BenchReport {
  title: string;
  notes: string[];
  rows: { name: string; medianMs: number; minMs: number; ratio: number }[];
  /** A table of its own instead of `rows` (throughput benchmarks: req/s, p99 and the ratio). */
  table?: { header: string[]; rows: string[][] };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A Markdown table, so the output can be pasted into the README's performance section. */
export function formatReport(report: BenchReport): string {
  const header = report.table?.header ?? ['case', 'median ms', 'min ms', '× baseline'];
  const body = report.table?.rows ?? report.rows.map((r) => [r.name, r.medianMs.toFixed(1), r.minMs.toFixed(1), r.ratio.toFixed(2)]);
  const widths = header.map((h, k) => Math.max(h.length, ...body.map((row) => row[k]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, k) => (k === 0 ? c.padEnd(widths[k]!) : c.padStart(widths[k]!))).join(' | ')} |`;
  return [
    `## ${report.title}`,
    '',
    ...report.notes.map((n) => `- ${n}`),
    '',
    line(header),
    `| ${widths.map((w, k) => (k === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}
