import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import type { z } from 'zod';

import { SETTING_KEYS, type SettingKey, type settingSchema } from '@stoa/shared/configuration';

import { visuallyHidden } from '../../../lib/a11y';
import { formatDisplayDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { configurationQueries } from '../api/configuration-queries';
import { useDeleteSetting } from '../api/use-configuration-mutations';
import { useConfigMessages } from '../i18n';
import { DeleteConfirm } from './delete-confirm';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { RowActions } from './row-actions';
import { SettingDialog, settingValueText } from './setting-dialog';
import { StateChip } from './state-chip';

type Setting = z.infer<typeof settingSchema>;

const KEY_ORDER = Object.keys(SETTING_KEYS) as SettingKey[];
const RULE_CELL = { fontWeight: 500, borderBottomStyle: 'solid !important' } as const;

/** 'Operating rules' of the STOA Charges page: windows, cut-offs, consent days, bid tick. */
export function OperatingRules() {
  const m = useMessages();
  const t = useConfigMessages();
  const r = t.rules;
  const titleId = useId();
  const list = useQuery(configurationQueries.settings());
  const remove = useDeleteSetting();
  const [adding, setAdding] = useState<{ key?: SettingKey } | null>(null);
  const [toDelete, setToDelete] = useState<Setting | null>(null);
  const rows = list.data?.settingList ?? [];
  const groups = KEY_ORDER.map((key) => ({
    key,
    rows: rows.filter((s) => s.key === key).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom)),
  })).filter((g) => g.rows.length > 0);
  const inForce = Object.fromEntries(rows.filter((s) => s.state === 'CURRENT').map((s) => [s.key, s.value])) as Partial<
    Record<SettingKey, string>
  >;
  const show = (value: string) => settingValueText(value, m.common);

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 4 }}>
      <CardContent sx={{ p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
          <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
            <Typography id={titleId} variant="h4" component="h2">
              {r.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {r.subtitle}
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<Add />} onClick={() => setAdding({})}>
            {r.add}
          </Button>
        </Box>
        {list.isPending ? (
          <ListLoading rows={6} />
        ) : list.isError ? (
          <ListError onRetry={() => void list.refetch()} />
        ) : groups.length === 0 ? (
          <ListEmpty text={r.none} />
        ) : (
          <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
            <Table
              size="small"
              aria-label={r.tableLabel}
              sx={{
                minWidth: 640,
                '& thead th': { fontWeight: 600, whiteSpace: 'nowrap', color: 'text.secondary' },
                '& td, & th': { py: 1.25 },
              }}
            >
              <TableHead>
                <TableRow>
                  <TableCell sx={{ minWidth: 260 }}>{r.rule}</TableCell>
                  <TableCell>{r.value}</TableCell>
                  <TableCell sx={{ minWidth: 120 }}>{t.effectiveFrom}</TableCell>
                  <TableCell>{t.state}</TableCell>
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      {t.actions}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map((group) => (
                  <Fragment key={group.key}>
                    {group.rows.map((s, index) => (
                      <TableRow key={s.id} sx={index === group.rows.length - 1 ? undefined : { '& td': { borderBottomStyle: 'dashed' } }}>
                        {index === 0 && (
                          <TableCell
                            component="th"
                            scope="rowgroup"
                            rowSpan={group.rows.length}
                            sx={group.rows.length > 1 ? { ...RULE_CELL, verticalAlign: 'top', pt: '14px !important' } : RULE_CELL}
                          >
                            {SETTING_KEYS[group.key].label}
                          </TableCell>
                        )}
                        <TableCell sx={{ fontWeight: 600 }}>{show(s.value)}</TableCell>
                        <TableCell>{formatDisplayDate(s.effectiveFrom)}</TableCell>
                        <TableCell>
                          <StateChip state={s.state} />
                        </TableCell>
                        <TableCell align="right">
                          {s.state === 'FUTURE' ? (
                            <RowActions
                              what={`${s.label} ${s.value} ${formatDisplayDate(s.effectiveFrom)}`}
                              onDelete={() => setToDelete(s)}
                            />
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ))}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      {adding && <SettingDialog settingKey={adding.key} inForce={inForce} onClose={() => setAdding(null)} />}
      {toDelete && (
        <DeleteConfirm
          text={r.deleteConfirm(toDelete.label, show(toDelete.value), formatDisplayDate(toDelete.effectiveFrom))}
          success={r.deleted}
          onDelete={() => remove.mutateAsync(toDelete.id)}
          onClose={() => setToDelete(null)}
        />
      )}
    </Card>
  );
}
