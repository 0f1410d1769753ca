import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { shownDate, typeDate } from '../../testing/date-input';
import { DateInput, INVALID_DATE } from './date-input';

function Controlled({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      label="From Date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateInput (issue 11 item 17: one DD/MM/YYYY date input)', () => {
  it('shows a wire date as DD/MM/YYYY, never the browser’s mm/dd/yyyy', () => {
    render(<Controlled initial="2026-11-05" onValue={() => undefined} />);
    expect(shownDate('From Date')).toBe('05/11/2026');
    expect(screen.queryByText(/mm\/dd\/yyyy/i)).not.toBeInTheDocument();
  });

  it('shows DD/MM/YYYY placeholders when empty', () => {
    render(<Controlled initial="" onValue={() => undefined} />);
    expect(shownDate('From Date')).toBe('DD/MM/YYYY');
  });

  it('reads a typed DD/MM/YYYY date into the wire format YYYY-MM-DD', async () => {
    const ui = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled initial="" onValue={onValue} />);
    await typeDate(ui, 'From Date', '23/11/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-11-23');
    expect(shownDate('From Date')).toBe('23/11/2026');
  });

  it('answers INVALID_DATE for an impossible date (31 February)', async () => {
    const ui = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled initial="" onValue={onValue} />);
    await typeDate(ui, 'From Date', '31/02/2026');
    expect(onValue).toHaveBeenLastCalledWith(INVALID_DATE);
  });
});
