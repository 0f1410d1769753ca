import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import type { CurtailmentItem } from '@stoa/shared/curtailment';
import { enApplications } from '@stoa/shared/messages';

import { formatRefund } from '../format';
import { useCurtailmentMessages } from '../i18n';

/**
 * The affected applications of a curtailment (or of its preview): one panel per application with its
 * parties, the energy curtailed and the refund due, opening on the per-block before/after/cut table.
 */
export function CurtailmentItems({ items, expanded = false }: { items: CurtailmentItem[]; expanded?: boolean }) {
  const t = useCurtailmentMessages().web;
  return (
    <Box>
      {items.map((item) => (
        <Accordion key={item.applicationId} defaultExpanded={expanded || items.length === 1} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`cut-${item.applicationId}`} id={`cut-${item.applicationId}-head`}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, alignItems: 'baseline', width: '100%' }}>
              <Typography sx={{ fontWeight: 600 }}>{item.applicationNo}</Typography>
              <Typography variant="body2" color="text.secondary">
                {enApplications.typeLabels[item.applicationType]} · {item.applicantName}
              </Typography>
              <Typography variant="body2">
                {t.curtailedMwh}: <strong>{item.curtailedMwh}</strong>
              </Typography>
              <Typography variant="body2">
                {t.refund}: <strong>{formatRefund(item.refundAmount)}</strong>
              </Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails id={`cut-${item.applicationId}`}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t.seller}: {item.sellerName} · {t.buyer}: {item.buyerName}
            </Typography>
            <TableContainer tabIndex={0} role="region" aria-label={t.blocksOf(item.applicationNo)} sx={{ maxHeight: 360 }}>
              <Table size="small" stickyHeader aria-label={t.blocksOf(item.applicationNo)}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t.block}</TableCell>
                    <TableCell>{t.time}</TableCell>
                    <TableCell align="right">{t.before}</TableCell>
                    <TableCell align="right">{t.after}</TableCell>
                    <TableCell align="right">{t.cut}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {item.blockList.map((b) => (
                    <TableRow key={b.block}>
                      <TableCell>{b.block}</TableCell>
                      <TableCell>
                        {b.fromTime}–{b.toTime}
                      </TableCell>
                      <TableCell align="right">{b.beforeMw}</TableCell>
                      <TableCell align="right">{b.afterMw}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        {b.cutMw}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
