/**
 * `npm run bench [filter]`: runs every benchmark (or those whose name contains the filter) and
 * prints each as a Markdown table of timings and ratios to its own baseline, measured in the same
 * run (ARCHITECTURE.md §10, §11). Absolute times depend on the machine; compare the ratios.
 */
import os from 'node:os';

import { allocationBench } from './allocation.bench';
import { applicationsListBench } from './applications-list.bench';
import { authStackBench } from './auth-stack.bench';
import { type BenchReport, formatReport } from './report';
import { reportPageBench } from './report-page.bench';
import { webDeliveryBench } from './web-delivery.bench';
import { wsBroadcastBench } from './ws-broadcast.bench';

const benches: { name: string; run: () => BenchReport | Promise<BenchReport> }[] = [
  { name: 'allocation', run: allocationBench },
  { name: 'applications-list', run: applicationsListBench },
  { name: 'auth-stack', run: authStackBench },
  { name: 'report-page', run: reportPageBench },
  { name: 'web-delivery', run: webDeliveryBench },
  { name: 'ws-broadcast', run: wsBroadcastBench },
];

const filter = process.argv[2];
console.log(`# Benchmarks — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${new Date().toISOString()}\n`);
for (const bench of benches) {
  if (filter && !bench.name.includes(filter)) continue;
  console.log(`${formatReport(await bench.run())}\n`);
}
