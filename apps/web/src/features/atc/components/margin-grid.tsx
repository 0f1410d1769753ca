import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { type ChangeEvent, type KeyboardEvent, memo, type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { ATC_BLOCK_HEADERS, ATC_BLOCKS_PER_DAY, type AtcMargin, atcBlockEnd, atcBlockStart, parseAtcMargin } from '@stoa/shared/atc';
import { centiToMw } from '@stoa/shared/common';

import { visuallyHidden } from '../../../lib/a11y';
import { useAtcMessages } from '../i18n';

/** Corrected blocks of one row: block number (1–96) → margin in MW ('12.50'). */
export type RowEdits = Readonly<Record<number, string>>;

export interface MarginGridProps {
  label: string;
  rows: AtcMargin[];
  /** Corrections not saved yet, by row id. */
  edits: Readonly<Record<string, RowEdits | undefined>>;
  /** A corrected value, or null when the cell is back at its saved margin. */
  onChange: (row: AtcMargin, block: number, margin: string | null) => void;
}

/** What may be typed in a cell: up to 5 digits, a point and up to 2 decimals (no sign, no exponent). */
const TYPING = /^\d{0,5}(\.\d{0,2})?$/;

interface Cell {
  r: number;
  c: number;
}
interface Editing extends Cell {
  /** The row being edited, in case the rows change under the editor (a refetch). */
  rowId: string;
  draft: string;
  /** Opened by typing a character: the caret goes after it instead of selecting the value. */
  typed: boolean;
}

const cellSelector = (r: number, c: number) => `td[data-r="${r}"][data-c="${c}"]`;

/**
 * The margins of a date as a grid of elements × 96 blocks (MW). One cell is in the tab order at a
 * time (roving tabindex): arrow keys, Home/End and Ctrl+Home/End move; Enter, F2, a digit or a
 * click edit the cell; Enter or Tab keeps the correction, Escape drops it, Delete restores the
 * saved margin. The element column and the block headers stay in view while the grid scrolls.
 */
export function MarginGrid({ label, rows, edits, onChange }: MarginGridProps) {
  const t = useAtcMessages().view;
  const [active, setActive] = useState<Cell>({ r: 0, c: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const focusCell = useRef<Cell | null>(null);

  // Fewer rows than before (another page or filter): keep the active cell inside them.
  const rowCount = rows.length;
  useEffect(() => {
    setActive((a) => (a.r < rowCount ? a : { r: Math.max(0, rowCount - 1), c: a.c }));
  }, [rowCount]);
  // An editor stays open only on the row it was opened on.
  const openEditor = editing && rows[editing.r]?.id === editing.rowId ? editing : null;

  // Moves keyboard focus after the render that made the cell focusable.
  useLayoutEffect(() => {
    const target = focusCell.current;
    if (!target || openEditor) return;
    focusCell.current = null;
    tableRef.current?.querySelector<HTMLElement>(cellSelector(target.r, target.c))?.focus();
  });

  const valueOf = (r: number, c: number) => edits[rows[r]!.id]?.[c + 1] ?? rows[r]!.blocks[c]!;

  const moveTo = (r: number, c: number) => {
    const next = { r: Math.min(Math.max(r, 0), rows.length - 1), c: Math.min(Math.max(c, 0), ATC_BLOCKS_PER_DAY - 1) };
    setActive(next);
    focusCell.current = next;
  };

  const commit = (e: Editing) => {
    setEditing(null);
    const row = rows[e.r];
    if (!row || row.id !== e.rowId) return;
    const parsed = parseAtcMargin(e.draft);
    // An empty cell keeps what was there: a margin is never blank.
    if (!parsed.ok) return;
    const saved = parseAtcMargin(row.blocks[e.c]!);
    onChange(row, e.c + 1, saved.ok && saved.centi === parsed.centi ? null : centiToMw(parsed.centi));
  };

  const startEditing = (r: number, c: number, draft?: string) => {
    setActive({ r, c });
    setEditing({ r, c, rowId: rows[r]!.id, draft: draft ?? valueOf(r, c), typed: draft !== undefined });
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (openEditor || !(event.target instanceof HTMLTableCellElement) || rows.length === 0) return;
    const { r, c } = active;
    const key = event.key;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => moveTo(r, c - 1),
      ArrowRight: () => moveTo(r, c + 1),
      ArrowUp: () => moveTo(r - 1, c),
      ArrowDown: () => moveTo(r + 1, c),
      Home: () => (event.ctrlKey ? moveTo(0, 0) : moveTo(r, 0)),
      End: () => (event.ctrlKey ? moveTo(rows.length - 1, ATC_BLOCKS_PER_DAY - 1) : moveTo(r, ATC_BLOCKS_PER_DAY - 1)),
      PageUp: () => moveTo(r - 10, c),
      PageDown: () => moveTo(r + 10, c),
      Enter: () => startEditing(r, c),
      F2: () => startEditing(r, c),
      Delete: () => onChange(rows[r]!, c + 1, null),
    };
    const action = moves[key];
    if (action) {
      event.preventDefault();
      action();
    } else if (/^[\d.]$/.test(key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      startEditing(r, c, key === '.' ? '0.' : key);
    }
  };

  const onGridClick = (event: MouseEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest?.('td[data-r]');
    if (!(cell instanceof HTMLElement) || cell.querySelector('input')) return;
    startEditing(Number(cell.dataset.r), Number(cell.dataset.c));
  };

  const onEditorKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!openEditor) return;
    const { r, c } = openEditor;
    if (['e', 'E', '-', '+'].includes(event.key)) {
      event.preventDefault();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setEditing(null);
      focusCell.current = { r, c };
    } else if (event.key === 'Enter') {
      event.preventDefault();
      commit(openEditor);
      moveTo(event.shiftKey ? r - 1 : r + 1, c);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      commit(openEditor);
      moveTo(r, event.shiftKey ? c - 1 : c + 1);
    }
  };

  const onEditorChange = (event: ChangeEvent<HTMLInputElement>) => {
    const draft = event.target.value.trim();
    if (TYPING.test(draft)) setEditing((e) => (e ? { ...e, draft } : e));
  };

  const onEditorBlur = () => {
    if (openEditor) commit(openEditor);
  };

  return (
    <Box
      sx={(theme) => ({
        overflow: 'auto',
        maxHeight: { xs: '62vh', md: '64vh' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '& table': { borderCollapse: 'separate', borderSpacing: 0, fontSize: 14, fontVariantNumeric: 'tabular-nums' },
        '& th, & td': {
          borderBottom: `1px solid ${theme.palette.divider}`,
          borderRight: `1px solid ${theme.palette.divider}`,
          px: 1,
          height: 36,
          textAlign: 'right',
          whiteSpace: 'nowrap',
          minWidth: 68,
          boxSizing: 'border-box',
        },
        '& thead th': {
          position: 'sticky',
          top: 0,
          zIndex: 2,
          bgcolor: 'grey.100',
          fontWeight: 600,
          color: 'text.secondary',
          fontSize: 13,
        },
        '& th[scope="row"], & thead th:first-of-type': {
          position: 'sticky',
          left: 0,
          textAlign: 'left',
          whiteSpace: 'normal',
          overflowWrap: 'anywhere',
          minWidth: { xs: 112, sm: 200 },
          maxWidth: { xs: 112, sm: 240 },
          boxShadow: `2px 0 0 ${theme.palette.divider}`,
        },
        '& th[scope="row"]': { zIndex: 1, bgcolor: 'background.paper', fontWeight: 500, py: 0.5, lineHeight: 1.3 },
        '& thead th:first-of-type': { zIndex: 3 },
        '& td': { cursor: 'cell', bgcolor: 'background.paper' },
        '& td:hover': { bgcolor: alpha(theme.palette.primary.main, 0.06) },
        '& td.edited': { bgcolor: alpha(theme.palette.warning.main, 0.16), fontWeight: 700, color: 'warning.dark' },
        '& td:focus, & td:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
        '& td.editing': { p: 0 },
        '& td input': {
          width: '100%',
          height: 34,
          boxSizing: 'border-box',
          border: 0,
          px: 1,
          font: 'inherit',
          fontWeight: 600,
          textAlign: 'right',
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: -2,
          bgcolor: 'background.paper',
        },
      })}
    >
      <table ref={tableRef} role="grid" aria-label={label} onKeyDown={onGridKeyDown} onClick={onGridClick}>
        <thead>
          <tr>
            <th scope="col">{t.element}</th>
            {ATC_BLOCK_HEADERS.map((header, c) => (
              <th key={header} scope="col" title={`${atcBlockStart(c + 1)}–${atcBlockEnd(c + 1)}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <GridRow
              key={row.id}
              row={row}
              r={r}
              edits={edits[row.id]}
              activeCol={active.r === r ? active.c : -1}
              editedLabel={t.edited}
              // Only the row being edited gets the editor (and its handlers): the others keep their props and are not rendered again.
              editor={
                openEditor?.r === r
                  ? { editing: openEditor, label: t.editLabel, onChange: onEditorChange, onKeyDown: onEditorKeyDown, onBlur: onEditorBlur }
                  : null
              }
            />
          ))}
        </tbody>
      </table>
    </Box>
  );
}

interface RowEditor {
  editing: Editing;
  label: (element: string, from: string, to: string) => string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

interface GridRowProps {
  row: AtcMargin;
  r: number;
  edits: RowEdits | undefined;
  activeCol: number;
  editedLabel: string;
  editor: RowEditor | null;
}

/** One element's 96 cells; rows without a change in their props are not rendered again. */
const GridRow = memo(function GridRow({ row, r, edits, activeCol, editedLabel, editor }: GridRowProps) {
  return (
    <tr>
      <th scope="row">{row.element}</th>
      {row.blocks.map((saved, c) => {
        const corrected = edits?.[c + 1];
        if (editor?.editing.c === c) {
          const { editing } = editor;
          return (
            <td key={c} role="gridcell" data-r={r} data-c={c} className="editing">
              <input
                // Focus goes to the editor as it opens (it replaces the focused cell).
                autoFocus
                type="text"
                inputMode="decimal"
                autoComplete="off"
                aria-label={editor.label(row.element, atcBlockStart(c + 1), atcBlockEnd(c + 1))}
                value={editing.draft}
                onChange={editor.onChange}
                onKeyDown={editor.onKeyDown}
                onBlur={editor.onBlur}
                onFocus={(event) => {
                  const end = event.target.value.length;
                  if (editing.typed) event.target.setSelectionRange(end, end);
                  else event.target.select();
                }}
              />
            </td>
          );
        }
        return (
          <td
            key={c}
            role="gridcell"
            data-r={r}
            data-c={c}
            tabIndex={activeCol === c ? 0 : -1}
            className={corrected !== undefined ? 'edited' : undefined}
          >
            {corrected ?? saved}
            {corrected !== undefined && <span style={visuallyHidden}> ({editedLabel})</span>}
          </td>
        );
      })}
    </tr>
  );
});
