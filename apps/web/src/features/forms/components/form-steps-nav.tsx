import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';

import type { FormStep } from '@stoa/shared/forms';

import { visuallyHidden } from '../../../lib/a11y';
import { useFormsMessages } from '../i18n';

/**
 * The form renderer's step list: every step a button (non-linear), a warning on flagged steps
 * (named for screen readers), on a phone only the active step's title, and the keyboard hint.
 */
export function FormStepsNav({
  steps,
  activeIndex,
  flagged,
  onGoTo,
  hintId,
}: {
  steps: readonly FormStep[];
  activeIndex: number;
  flagged: (step: FormStep) => boolean;
  onGoTo: (index: number) => void;
  hintId: string;
}) {
  const t = useFormsMessages();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Box component="nav" aria-label={t.stepsLabel} sx={{ overflowX: 'auto', pb: 1, mb: 2 }}>
      <Stepper nonLinear activeStep={activeIndex} alternativeLabel={!phone} sx={{ minWidth: phone ? undefined : steps.length * 110 }}>
        {steps.map((step, i) => {
          const warn = flagged(step);
          return (
            <Step key={step.id} completed={false}>
              <StepButton onClick={() => onGoTo(i)} aria-current={i === activeIndex ? 'step' : undefined}>
                <StepLabel error={warn}>
                  <Box component="span" sx={phone && i !== activeIndex ? visuallyHidden : undefined}>
                    {step.title}
                  </Box>
                  {warn && <Box component="span" sx={visuallyHidden}>{` (${t.stepHasErrors})`}</Box>}
                </StepLabel>
              </StepButton>
            </Step>
          );
        })}
      </Stepper>
      <Typography
        id={hintId}
        variant="caption"
        color="text.secondary"
        sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'center', mt: 1 }}
      >
        {t.keyboardHint}
      </Typography>
    </Box>
  );
}
