import { alpha, createTheme } from '@mui/material/styles';

/** Brand colours: a deep utility blue with an amber accent (the logo's bolt). */
export const brand = {
  navy: '#0b3a75',
  navyDark: '#072a57',
  footer: '#0a2547',
  amber: '#f5b301',
  focus: '#1565c0',
  focusOnDark: '#ffd54f',
  surface: '#f3f5f9',
};

const fontFamily = ['"Segoe UI"', 'Roboto', '"Noto Sans"', '"Helvetica Neue"', 'Arial', 'system-ui', 'sans-serif'].join(',');

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: brand.navy, dark: brand.navyDark, light: '#2f5d9a', contrastText: '#ffffff' },
    secondary: { main: '#00695c', contrastText: '#ffffff' },
    // Darker than MUI's amber so that warning text and outlined buttons reach 4.5:1 on white (5.1:1).
    warning: { main: '#a05f00' },
    // MUI's info blue (#0288d1) is 3.85:1 on white: an outlined info chip failed axe (refunds journey).
    info: { main: '#0277bd' },
    success: { main: '#2e7d32' },
    error: { main: '#c62828' },
    background: { default: brand.surface, paper: '#ffffff' },
    text: { primary: '#1b2430', secondary: '#4a5565' },
    divider: '#dde2ea',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily,
    h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.6rem', fontWeight: 700 },
    h3: { fontSize: '1.35rem', fontWeight: 600 },
    h4: { fontSize: '1.2rem', fontWeight: 600 },
    h5: { fontSize: '1.05rem', fontWeight: 600 },
    h6: { fontSize: '0.95rem', fontWeight: 600 },
    subtitle1: { fontWeight: 500 },
    overline: { fontWeight: 600, letterSpacing: '0.08em' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        'html, body, #root': { minHeight: '100%' },
        body: { WebkitFontSmoothing: 'antialiased' },
        // A visible focus ring for keyboard users everywhere (WCAG 2.4.7).
        ':focus-visible': { outline: `3px solid ${brand.focus}`, outlineOffset: 2 },
        '.MuiAppBar-root :focus-visible, .on-dark :focus-visible': { outlineColor: brand.focusOnDark },
        '.MuiInputBase-input:focus-visible': { outline: 'none' },
        // Required fields: the asterisk is drawn by CSS, not written into the <label>, so the
        // label's text (and its accessible name) is exactly the catalog text ('User Name'); the
        // input's own `required` tells assistive technology. The '/ ""' gives it no spoken text.
        '.MuiFormControl-root:has(:is(input, textarea)[required]) > .MuiInputLabel-root::after': {
          content: '"\\2009*" / ""',
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8, paddingInline: 18 }, sizeLarge: { paddingBlock: 10 } },
    },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 12, borderColor: '#dde2ea' } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // See the ::after rule above: MUI's own asterisk span would become part of the label text.
    MuiInputLabel: { defaultProps: { required: false } },
    MuiFormHelperText: { styleOverrides: { root: { marginInline: 2 } } },
    MuiInputBase: {
      styleOverrides: {
        root: {
          '&.MuiInputBase-readOnly': { backgroundColor: '#f6f8fb' },
          // An empty read-only field shows 'Not provided' as its placeholder: keep it legible (AA).
          '&.MuiInputBase-readOnly .MuiInputBase-input::placeholder': { color: '#4a5565', opacity: 1 },
        },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          backgroundColor: '#fff',
          '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderWidth: 2 },
          '&.MuiInputBase-readOnly': { backgroundColor: '#f6f8fb' },
          '&.MuiInputBase-readOnly .MuiOutlinedInput-notchedOutline': { borderColor: alpha(t.palette.text.primary, 0.14) },
        }),
      },
    },
    MuiLink: { defaultProps: { underline: 'always' }, styleOverrides: { root: { fontWeight: 500 } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 8 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiDialogTitle: { styleOverrides: { root: { fontSize: '1.2rem', fontWeight: 600 } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});
