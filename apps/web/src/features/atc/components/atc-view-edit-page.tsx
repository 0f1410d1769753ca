import SaveOutlined from '@mui/icons-material/SaveOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { ATC_ELEMENT_MAX_LENGTH, type AtcMargin, type AtcMode } from '@stoa/shared/atc';
import { DEFAULT_PAGE_SIZE, istDate, PAGE_SIZES } from '@stoa/shared/common';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError, errorText } from '../../../lib/api-error';
import { ENTRY_DATE, formatDisplayDate, formatIstDateTime, WIRE_DATE } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { atcQueries } from '../api/atc-queries';
import { useCorrectMargin } from '../api/use-atc-mutations';
import { ATC_PAGES, useAtcMessages } from '../i18n';
import { MarginGrid, type RowEdits } from './margin-grid';

const CARD_CONTENT_SX = { p: { xs: 2, md: 2.5 }, '&:last-child': { pb: { xs: 2, md: 2.5 } } } as const;

/** Corrections not saved yet, by row id, with what the save needs when the row is on another page. */
type Pending = Record<string, { element: string; version: number; blocks: RowEdits }>;

/**
 * ATC View/Edit of one mode (spec 001 §2): the margins of a date (today in IST at first) by element
 * and block, filtered by element and paged; cells are corrected in place and saved together, one
 * audited correction per element (a row changed meanwhile by someone else is refused, not
 * overwritten).
 */
export function AtcViewEditPage({ mode }: { mode: AtcMode }) {
  const m = useMessages();
  const t = useAtcMessages();
  const v = t.view;
  const queryClient = useQueryClient();
  const [date, setDate] = useState(() => istDate(new Date()));
  const [elementInput, setElementInput] = useState('');
  const [element, setElement] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [pending, setPending] = useState<Pending>({});
  const [askDiscard, setAskDiscard] = useState<null | (() => void)>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const correct = useCorrectMargin();
  const gridId = useId();
  const query = { date, element: element || undefined, pageNumber: page + 1, pageSize };
  const list = useQuery({ ...atcQueries.margins(mode, query), placeholderData: keepPreviousData });

  const changedRows = Object.keys(pending).length;
  const changedCells = Object.values(pending).reduce((n, p) => n + Object.keys(p.blocks).length, 0);
  const dirty = changedRows > 0;

  // Closing the tab with corrections not saved asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Runs `change` at once, or after the user agrees to drop the corrections. */
  const guarded = (change: () => void) => {
    if (!dirty) change();
    else setAskDiscard(() => change);
  };

  const onCellChange = (row: AtcMargin, block: number, margin: string | null) => {
    setFailures([]);
    setPending((current) => {
      const entry = current[row.id];
      const blocks: Record<number, string> = { ...(entry?.blocks ?? {}) };
      if (margin === null) delete blocks[block];
      else blocks[block] = margin;
      const next = { ...current };
      if (Object.keys(blocks).length === 0) delete next[row.id];
      else next[row.id] = { element: row.element, version: entry?.version ?? row.version, blocks };
      return next;
    });
  };

  const onSave = async () => {
    setSaving(true);
    setFailures([]);
    const problems: string[] = [];
    let saved = 0;
    const remaining: Pending = { ...pending };
    for (const [id, entry] of Object.entries(pending)) {
      try {
        await correct.mutateAsync({
          id,
          body: {
            version: entry.version,
            blocks: Object.entries(entry.blocks).map(([block, margin]) => ({ block: Number(block), margin })),
          },
        });
        delete remaining[id];
        saved++;
      } catch (error) {
        problems.push(v.saveFailed(entry.element, errorText(error, m.common.genericError)));
        // Changed by someone else: the grid shows their margins again; the correction is dropped.
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) delete remaining[id];
      }
    }
    setPending(remaining);
    setFailures(problems);
    setSaving(false);
    if (saved > 0) notify.success(v.saved(saved));
    await queryClient.invalidateQueries({ queryKey: [...atcQueries.all(), mode, 'margins'] });
  };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = elementInput.trim();
    if (next === element) return;
    setElement(next);
    setPage(0);
  };

  const edits = Object.fromEntries(Object.entries(pending).map(([id, p]) => [id, p.blocks]));
  const rows = list.data?.marginList;
  const total = list.data?.dataCount ?? 0;
  const shownDate = formatDisplayDate(date);

  return (
    <Box>
      <PageHeader
        title={v.title(t.modes[mode])}
        subtitle={v.subtitle}
        actions={
          <Button component={RouterLink} to={ATC_PAGES[mode].upload} variant="outlined" startIcon={<UploadFileOutlined />}>
            {v.uploadLink}
          </Button>
        }
      />
      <Card component="section" aria-labelledby={gridId}>
        <CardContent sx={CARD_CONTENT_SX}>
          <Box
            component="form"
            role="search"
            onSubmit={onSearch}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '200px minmax(180px, 320px) auto' },
              gap: 1.5,
              alignItems: 'start',
              mb: 2,
            }}
          >
            <LocalizationProvider dateAdapter={AdapterDayjs}>
              <DatePicker
                label={v.date}
                format={ENTRY_DATE}
                value={dayjs(date)}
                onChange={(next) => {
                  if (!next || !next.isValid()) return;
                  const wire = next.format(WIRE_DATE);
                  if (wire === date) return;
                  guarded(() => {
                    setPending({});
                    setDate(wire);
                    setPage(0);
                  });
                }}
                slotProps={{ textField: { size: 'small', fullWidth: true } }}
              />
            </LocalizationProvider>
            <TextField
              size="small"
              label={v.elementFilter}
              value={elementInput}
              onChange={(event) => setElementInput(event.target.value)}
              slotProps={{ htmlInput: { maxLength: ATC_ELEMENT_MAX_LENGTH } }}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="outlined" startIcon={<SearchOutlined />}>
                {v.search}
              </Button>
              {element && (
                <Button
                  onClick={() => {
                    setElementInput('');
                    setElement('');
                    setPage(0);
                  }}
                >
                  {v.clear}
                </Button>
              )}
            </Stack>
          </Box>

          <Typography id={gridId} variant="h6" component="h2">
            {v.gridLabel(shownDate)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {v.editHint}
          </Typography>
          <Box sx={{ height: 4, mb: 1 }}>{list.isFetching && !list.isPending && <LinearProgress aria-label={m.common.loading} />}</Box>

          {list.isPending ? (
            <ListLoading rows={6} />
          ) : list.isError && !rows ? (
            <ListError onRetry={() => void list.refetch()} />
          ) : (
            <>
              {list.isError && <ListError onRetry={() => void list.refetch()} />}
              {total === 0 || !rows ? (
                <Box sx={{ textAlign: 'center', py: 2 }}>
                  <ListEmpty text={element ? v.emptyFiltered : v.empty(shownDate)} />
                  {!element && (
                    <Button component={RouterLink} to={ATC_PAGES[mode].upload} startIcon={<UploadFileOutlined />}>
                      {v.uploadLink}
                    </Button>
                  )}
                </Box>
              ) : (
                <>
                  <MarginGrid label={v.gridLabel(shownDate)} rows={rows} edits={edits} onChange={onCellChange} />
                  <TablePagination
                    component="div"
                    count={total}
                    page={page}
                    onPageChange={(_event, next) => setPage(next)}
                    rowsPerPage={pageSize}
                    rowsPerPageOptions={[...PAGE_SIZES]}
                    labelRowsPerPage={v.rowsPerPage}
                    onRowsPerPageChange={(event) => {
                      setPageSize(Number(event.target.value));
                      setPage(0);
                    }}
                    sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
                  />
                  {rows[0] && (
                    <Typography variant="caption" color="text.secondary">
                      {v.lastUpdated(formatIstDateTime(latest(rows).updatedOn), latest(rows).updatedBy ?? '')}
                    </Typography>
                  )}
                </>
              )}
            </>
          )}

          {failures.length > 0 && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failures.map((f) => (
                <div key={f}>{f}</div>
              ))}
            </Alert>
          )}
          <Box
            sx={{
              mt: 2,
              pt: 2,
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              gap: 1.5,
              alignItems: 'center',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
            }}
          >
            <Typography
              variant="body2"
              color={dirty ? 'warning.dark' : 'text.secondary'}
              aria-live="polite"
              sx={{ fontWeight: dirty ? 600 : 400 }}
            >
              {dirty ? v.changes(changedCells, changedRows) : v.noChanges}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ width: { xs: '100%', sm: 'auto' }, '& > *': { flex: { xs: 1, sm: 'none' } } }}>
              <Button startIcon={<UndoOutlined />} disabled={!dirty || saving} onClick={() => setPending({})}>
                {v.discard}
              </Button>
              <SubmitButton busy={saving} disabled={!dirty} icon={<SaveOutlined />} onClick={() => void onSave()}>
                {saving ? v.saving : v.save}
              </SubmitButton>
            </Stack>
          </Box>
        </CardContent>
      </Card>
      {askDiscard && (
        <ConfirmDialog
          open
          destructive
          title={v.discard}
          text={v.leaveWarning}
          confirmLabel={v.discard}
          onConfirm={() => {
            askDiscard();
            setAskDiscard(null);
          }}
          onClose={() => setAskDiscard(null)}
        />
      )}
    </Box>
  );
}

/** The row changed last (for 'Last changed … by …'). */
function latest(rows: AtcMargin[]): AtcMargin {
  return rows.reduce((a, b) => (b.updatedOn > a.updatedOn ? b : a));
}
