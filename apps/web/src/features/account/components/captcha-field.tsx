import Hearing from '@mui/icons-material/RecordVoiceOver';
import ImageIcon from '@mui/icons-material/Image';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Control, FieldValues, Path } from 'react-hook-form';

import type { CaptchaResponse } from '@stoa/shared/account';

import { visuallyHidden } from '../../../lib/a11y';
import { RhfTextField } from '../../../lib/form/rhf-text-field';
import { useMessages } from '../../../lib/i18n';
import type { CaptchaMode } from '../api/use-captcha';

interface CaptchaFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  captcha: CaptchaResponse | undefined;
  mode: CaptchaMode;
  loading: boolean;
  failed: boolean;
  disabled?: boolean;
  onRefresh: () => void;
  onModeChange: (mode: CaptchaMode) => void;
}

export function captchaImageSrc(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/**
 * The login captcha: the server's image (or, for people who cannot read it, the characters
 * spelled out in a live region), a button for a new one, and the answer box.
 */
export function CaptchaField<T extends FieldValues>({
  control,
  name,
  captcha,
  mode,
  loading,
  failed,
  disabled,
  onRefresh,
  onModeChange,
}: CaptchaFieldProps<T>) {
  const m = useMessages();
  const showText = mode === 'text';
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Box
          sx={{
            width: showText ? 'calc(100% - 48px)' : 180,
            minHeight: 56,
            border: '1px solid',
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#f4f6f8',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {loading && <CircularProgress size={24} aria-label={m.login.captchaLoading} />}
          {!loading && failed && (
            <Typography variant="body2" color="error" sx={{ px: 1.5, py: 1 }} role="alert">
              {m.login.captchaUnavailable}
            </Typography>
          )}
          {!loading && !failed && !showText && captcha?.image && (
            <img src={captchaImageSrc(captcha.image)} alt={m.login.captchaImageAlt} width={180} height={56} style={{ display: 'block' }} />
          )}
          {/* Always in the DOM so screen readers announce the new text when it arrives. */}
          <Typography
            aria-live="polite"
            data-testid="captcha-text"
            sx={{ display: !loading && !failed && showText ? 'block' : 'none', px: 1.5, py: 1, fontSize: '0.95rem' }}
          >
            {!loading && showText ? captcha?.textAlternative : ''}
          </Typography>
        </Box>
        <IconButton
          aria-label={m.login.refreshCaptcha}
          title={m.login.refreshCaptcha}
          onClick={onRefresh}
          disabled={disabled || loading}
          color="primary"
        >
          <Refresh />
        </IconButton>
      </Box>
      <Box sx={{ mt: -0.5, mb: 1.5, ml: -0.75 }}>
        {showText ? (
          <Button size="small" startIcon={<ImageIcon />} onClick={() => onModeChange('image')} disabled={disabled}>
            {m.login.imageCaptcha}
          </Button>
        ) : (
          <Button
            size="small"
            startIcon={<Hearing />}
            onClick={() => onModeChange('text')}
            disabled={disabled}
            aria-describedby="captcha-text-hint"
          >
            {m.login.textCaptcha}
          </Button>
        )}
        <Box component="span" id="captcha-text-hint" sx={visuallyHidden}>
          {m.login.textCaptchaHint}
        </Box>
      </Box>
      <RhfTextField
        control={control}
        name={name}
        label={m.login.captcha}
        required
        noSpaces
        autoComplete="off"
        helperText={m.login.captchaHint}
        disabled={disabled}
        htmlInput={{ maxLength: captcha?.length ?? 6, autoCapitalize: 'characters', spellCheck: false }}
      />
    </Box>
  );
}
