import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';

import { IDLE_DEBOUNCE_MS, IDLE_PROMPT_MS, IDLE_TIMEOUT_MS, STORAGE_KEYS } from '../../../config/app';
import { useMessages } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { logout } from '../api/use-logout';

/**
 * Idle limits, read once when the signed-in layout starts. Production uses spec 000 §9:
 * 30 minutes (1,800,000 ms) without activity, then a 60-second prompt. Automated tests may
 * shorten both by setting, before loading the page:
 *   localStorage['stoa.idleTimeoutMs'] = time without activity before the prompt (ms)
 *   localStorage['stoa.idlePromptMs']  = length of the prompt's countdown (ms)
 */
export function readIdleLimits(): { idleMs: number; promptMs: number } {
  return {
    idleMs: storage.getNumber(STORAGE_KEYS.idleTimeoutMs, IDLE_TIMEOUT_MS),
    promptMs: storage.getNumber(STORAGE_KEYS.idlePromptMs, IDLE_PROMPT_MS),
  };
}

/** 'Are you still there?' after the idle time; signs out and reloads when the countdown ends. */
export function IdleTimeout() {
  const m = useMessages();
  const queryClient = useQueryClient();
  const { idleMs, promptMs } = useMemo(readIdleLimits, []);
  const [open, setOpen] = useState(false);
  const [remaining, setRemaining] = useState(Math.ceil(promptMs / 1000));

  const signOutAndReload = async () => {
    setOpen(false);
    await logout(queryClient);
    window.location.reload();
  };

  const timer = useIdleTimer({
    timeout: idleMs + promptMs,
    promptBeforeIdle: promptMs,
    debounce: IDLE_DEBOUNCE_MS,
    crossTab: true,
    onPrompt: () => {
      setRemaining(Math.ceil(promptMs / 1000));
      setOpen(true);
    },
    onIdle: () => void signOutAndReload(),
    onActive: () => setOpen(false),
  });

  useEffect(() => {
    if (!open) return;
    const tick = () => setRemaining(Math.max(0, Math.ceil(timer.getRemainingTime() / 1000)));
    tick();
    const interval = window.setInterval(tick, 500);
    return () => window.clearInterval(interval);
  }, [open, timer]);

  const total = Math.ceil(promptMs / 1000);
  return (
    <Dialog open={open} aria-labelledby="idle-title" aria-describedby="idle-text" maxWidth="xs" fullWidth disableEscapeKeyDown>
      <DialogTitle id="idle-title">{m.session.idleTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-text" component="div">
          {m.session.idleBody}{' '}
          <Typography component="span" role="timer" sx={{ fontWeight: 700, color: 'text.primary' }} data-testid="idle-countdown">
            {remaining} {m.session.seconds}
          </Typography>
        </DialogContentText>
        <LinearProgress
          variant="determinate"
          value={total > 0 ? (remaining / total) * 100 : 0}
          sx={{ mt: 2, height: 6, borderRadius: 3 }}
          aria-hidden="true"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => void signOutAndReload()} color="inherit">
          {m.session.logOutNow}
        </Button>
        <Button
          onClick={() => {
            timer.activate();
            setOpen(false);
          }}
          variant="contained"
          autoFocus
        >
          {m.session.stay}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
