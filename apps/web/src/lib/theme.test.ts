import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';

import { theme } from './theme';

describe('theme', () => {
  // Outlined chips, outlined buttons and text in these colours sit on white paper: WCAG AA asks 4.5:1.
  it.each(['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const)('%s reaches 4.5:1 on white', (name) => {
    expect(getContrastRatio(theme.palette[name].main, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
