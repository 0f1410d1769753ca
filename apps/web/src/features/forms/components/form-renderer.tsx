import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';

import {
  carriesValue,
  type FileDetailRow,
  type FormDefinition,
  type FormStep,
  type FormValues,
  normalizeForm,
  type Option,
  type OptionSource,
  stepOfField,
  type ValidateOptions,
  visibleFields,
  visibleSteps,
} from '@stoa/shared/forms';

import { SubmitButton } from '../../../components/submit-button';
import { errorText, isApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form/apply-server-errors';
import { useMessages } from '../../../lib/i18n';
import { useFormsMessages } from '../i18n';
import { FULL, HALF } from './field-parts';
import { FieldView, isFullWidth } from './field-view';
import { type FormEngine, FormEngineContext } from './form-context';
import { errorPaths, formResolver, optionValuesOf } from './form-resolver';
import { conditionNames, ruleDependents, sameValue } from './form-renderer.helpers';
import { FormStepsNav } from './form-steps-nav';

export interface FormRendererProps {
  definition: FormDefinition;
  defaultValues: FormValues;
  /** The whole form is read-only (workflow action ReadOnly): no editable inputs, no Submit. */
  readOnly?: boolean;
  /** The last step's button: 'Submit' (default) or 'Renew' in renew mode. */
  submitLabel?: string;
  hideSubmit?: boolean;
  /** The Renew button stays disabled while the form is Approved and untouched. */
  disableSubmitUntilDirty?: boolean;
  /**
   * Receives the normalised values (normalizeForm). A failure shows its message above the buttons
   * (next to Submit); an ApiError's field errors also go on their fields, their steps flagged and
   * the first of them shown.
   */
  onSubmit?: (values: FormValues) => Promise<void>;
  optionSources?: Partial<Record<OptionSource, Option[]>>;
  /** File details: Valid and Comments editable (SLDC review), everything else read-only. */
  reviewFileDetails?: boolean;
  /** The reviewer's edits of file details, as they happen. */
  onFileDetailsChange?: (rows: FileDetailRow[]) => void;
  /** A button field was pressed: its action and the normalised values. */
  onButton?: (action: string, values: FormValues) => void;
  /** formName of POST /File/Upload. */
  uploadFormName: string;
  /** Display names of files already uploaded (by id), for the file fields' links. */
  fileNames?: Record<string, string>;
  /** Rendered next to Previous/Next/Submit (e.g. workflow buttons). */
  extraActions?: ReactNode;
  /** Index of the (visible) step shown first. */
  initialStep?: number;
  /**
   * Checks the definition cannot express as data (e.g. the schedule rules of an application),
   * run with the shared validator on every validation (ValidateOptions.extraIssues).
   */
  extraIssues?: ValidateOptions['extraIssues'];
  /** Content shown under a step's fields (inside the form, so it may watch values), by step id. */
  renderStepExtra?: (stepId: string) => ReactNode;
  /** Read-only cells computed from their row, by `${table}.${column}` (e.g. a schedule row's MWh). */
  computedCells?: Record<string, (row: Record<string, unknown>) => string>;
}

const NO_SOURCES: Partial<Record<OptionSource, Option[]>> = {};

/**
 * The one renderer of every multi-step form (ARCHITECTURE §6; spec 001 §2): a stepper with Next
 * and Previous (Ctrl + ← / → too), a warning flag on steps with errors (after a submit attempt,
 * and on steps the user left), the shared `validateForm` as the resolver, Submit (or Renew) on
 * the last step. Give it a `key` to start again from new default values.
 */
export function FormRenderer({
  definition,
  defaultValues,
  readOnly = false,
  submitLabel,
  hideSubmit = false,
  disableSubmitUntilDirty = false,
  onSubmit,
  optionSources,
  reviewFileDetails = false,
  onFileDetailsChange,
  onButton,
  uploadFormName,
  fileNames,
  extraActions,
  initialStep = 0,
  extraIssues,
  renderStepExtra,
  computedCells,
}: FormRendererProps) {
  const t = useFormsMessages();
  const m = useMessages();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const sourcesRef = useRef(optionSources);
  const extraRef = useRef(extraIssues);
  useEffect(() => {
    sourcesRef.current = optionSources;
    extraRef.current = extraIssues;
  }, [optionSources, extraIssues]);
  const resolver = useMemo(
    () => formResolver(definition, () => ({ optionValues: optionValuesOf(sourcesRef.current), extraIssues: extraRef.current })),
    [definition],
  );
  const form = useForm<FormValues>({
    defaultValues,
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
    shouldFocusError: false,
  });
  const { control, formState, getFieldState, getValues, handleSubmit, setError, setFocus, trigger, watch } = form;

  // A field showing an error is checked again on every change, touched or not ('onTouched' alone
  // waits for a blur): an error shown on leaving a step, say a date's 'is required', goes as soon
  // as a valid value is typed, and the layout does not shift under the next click.
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (type !== 'change' || !name) return;
      if (getFieldState(name).error) void trigger(name);
      // A row-level error of a table (e.g. two schedule rows overlapping) may depend on any cell of
      // any row: a change in the table checks the table again while one of its rows shows one.
      const [table, index] = name.split('.');
      if (table && index !== undefined && /^\d+$/.test(index)) {
        const rows = getValues(table) as unknown;
        const count = Array.isArray(rows) ? rows.length : 0;
        for (let i = 0; i < count; i++) {
          if (typeof getFieldState(`${table}.${i}`).error?.message === 'string') {
            void trigger(table);
            break;
          }
        }
      }
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, getValues, trigger]);

  // Visibility depends only on the fields the conditions name.
  const watchNames = useMemo(() => conditionNames(definition), [definition]);
  const watched = useWatch({ control, name: watchNames }) as unknown[];
  const conditionValues = useMemo(() => Object.fromEntries(watchNames.map((n, i) => [n, watched[i]])), [watchNames, watched]);
  const steps = useMemo(() => visibleSteps(definition, conditionValues), [definition, conditionValues]);

  const [activeId, setActiveId] = useState(() => (steps[initialStep] ?? steps[0])?.id);
  const activeIndex = Math.max(
    0,
    steps.findIndex((s) => s.id === activeId),
  );
  const active: FormStep | undefined = steps[activeIndex];
  const fields = useMemo(() => (active ? visibleFields(definition, active, conditionValues) : []), [definition, active, conditionValues]);
  const last = activeIndex === steps.length - 1;

  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [submitAttempted, setSubmitAttempted] = useState(false);
  // Table cells show their errors once touched; all of them after a submit attempt or on a step the user left (flagged).
  const revealErrors = submitAttempted || (active !== undefined && left.has(active.id));
  const [problem, setProblem] = useState<string | null>(null);
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const moved = useRef(false);

  const dependents = useMemo(() => ruleDependents(definition), [definition]);

  // 'Changed' compares what would be stored (normalizeForm) with the stored values, not react-hook-form's
  // isDirty: saved values leave blank optional fields out, so raw values soon hold keys they lack.
  const [initialValues] = useState(defaultValues);
  const baseline = useMemo(
    () => (disableSubmitUntilDirty ? normalizeForm(definition, initialValues) : null),
    [disableSubmitUntilDirty, definition, initialValues],
  );
  const changed = useWatch({
    control,
    compute: (values: FormValues) => baseline !== null && !sameValue(normalizeForm(definition, values), baseline),
  });
  const [uploadedNames, setUploadedNames] = useState<Record<string, string>>({});
  const rememberFileName = useCallback((fileId: string, name: string) => setUploadedNames((prev) => ({ ...prev, [fileId]: name })), []);
  const engine = useMemo<FormEngine>(
    () => ({
      definition,
      readOnly,
      optionSources: optionSources ?? NO_SOURCES,
      uploadFormName,
      fileNames: { ...fileNames, ...uploadedNames },
      rememberFileName,
      reviewFileDetails,
      onFileDetailsChange,
      onButton: onButton ? (action) => onButton(action, normalizeForm(definition, getValues())) : undefined,
      dependentsOf: (name) => dependents.get(name) ?? [],
      revealErrors,
      computedCells,
    }),
    [
      definition,
      readOnly,
      optionSources,
      uploadFormName,
      fileNames,
      uploadedNames,
      rememberFileName,
      reviewFileDetails,
      onFileDetailsChange,
      onButton,
      getValues,
      dependents,
      revealErrors,
      computedCells,
    ],
  );

  // Steps holding an error (by the dotted paths of the current errors).
  const errors = formState.errors;
  const erroneous = new Set<string>();
  for (const path of errorPaths(errors)) {
    const step = stepOfField(definition, path, getValues());
    if (step) erroneous.add(step.id);
  }
  const flagged = (step: FormStep) => erroneous.has(step.id) && (submitAttempted || left.has(step.id));

  const namesOf = (step: FormStep): string[] =>
    visibleFields(definition, step, getValues())
      .filter(carriesValue)
      .flatMap((f) => (f.kind === 'comboOthers' ? [f.name, `${f.name}Other`] : [f.name]));

  const goTo = (index: number) => {
    const target = steps[index];
    if (!target || !active || target.id === active.id) return;
    if (!readOnly) void trigger(namesOf(active));
    setLeft((prev) => new Set(prev).add(active.id));
    moved.current = true;
    setActiveId(target.id);
  };

  /** Shows the first step holding one of `paths` and focuses the first of its fields there. */
  const showErrors = (paths: readonly string[]) => {
    const values = getValues();
    const byStep = paths.map((p) => ({ path: p, step: stepOfField(definition, p, values) })).filter((x) => x.step);
    const first = steps.find((s) => byStep.some((x) => x.step!.id === s.id));
    if (!first) return;
    moved.current = true;
    setActiveId(first.id);
    setFocusPath(byStep.find((x) => x.step!.id === first.id)!.path);
  };

  // After a step change: focus the first field in error (after a submit), else the step's heading.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (focusPath) {
      setFocusPath(null);
      try {
        setFocus(focusPath);
      } catch {
        // a field without a focusable element (a table): the heading below
      }
      if (document.activeElement && document.activeElement !== document.body) return;
    }
    headingRef.current?.focus();
  }, [activeId, focusPath, setFocus]);

  const submit = handleSubmit(
    async (values) => {
      setSubmitAttempted(true);
      setProblem(null);
      if (!onSubmit) return;
      try {
        await onSubmit(normalizeForm(definition, values));
      } catch (error) {
        const paths = isApiError(error) ? error.fieldErrors.map((f) => f.fieldName).filter((p) => stepOfField(definition, p, values)) : [];
        // The fields may sit on other (unmounted) steps: showErrors shows the step, then focuses.
        const applied = applyServerErrors(error, setError, paths, {}, { focus: false });
        // The server's reason stays above the buttons (next to Submit) on every step, with or
        // without field errors, until the next attempt.
        setProblem(errorText(error, m.common.genericError));
        if (applied.length > 0) showErrors(applied);
      }
    },
    (invalid) => {
      setSubmitAttempted(true);
      setProblem(null);
      showErrors(errorPaths(invalid));
    },
  );

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
    if (event.key === 'ArrowRight' && !last) {
      event.preventDefault();
      goTo(activeIndex + 1);
    } else if (event.key === 'ArrowLeft' && activeIndex > 0) {
      event.preventDefault();
      goTo(activeIndex - 1);
    }
  };

  const showSubmit = !!onSubmit && !hideSubmit && !readOnly;
  const headingId = `${id}-step`;
  const hintId = `${id}-hint`;

  return (
    <FormEngineContext.Provider value={engine}>
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          onKeyDown={onKeyDown}
          aria-label={definition.title}
          aria-describedby={steps.length > 1 ? hintId : undefined}
          aria-busy={formState.isSubmitting}
          sx={{ minWidth: 0 }}
        >
          {steps.length > 1 && <FormStepsNav steps={steps} activeIndex={activeIndex} flagged={flagged} onGoTo={goTo} hintId={hintId} />}

          {active && (
            <Box component="section" aria-labelledby={headingId}>
              {steps.length > 1 && (
                <Typography variant="body2" color="text.secondary">
                  {t.stepOf(activeIndex + 1, steps.length)}
                </Typography>
              )}
              <Typography id={headingId} ref={headingRef} tabIndex={-1} variant="h6" component="h2" sx={{ mb: 2, outline: 'none' }}>
                {active.title}
              </Typography>
              <Grid container spacing={2.5}>
                {fields.map((field) => (
                  <Grid key={field.name} size={isFullWidth(field) ? FULL : HALF}>
                    <FieldView field={field} readOnly={readOnly} />
                  </Grid>
                ))}
              </Grid>
              {renderStepExtra?.(active.id)}
            </Box>
          )}

          {problem && (
            <Alert severity="error" sx={{ mt: 3 }}>
              {problem}
            </Alert>
          )}

          <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 3, flexWrap: 'wrap', alignItems: 'center' }}>
            {activeIndex > 0 && (
              <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => goTo(activeIndex - 1)}>
                {t.previous}
              </Button>
            )}
            <Box sx={{ flexGrow: 1 }} />
            {extraActions}
            {!last && (
              <Button variant="contained" endIcon={<ArrowForward />} onClick={() => goTo(activeIndex + 1)}>
                {t.next}
              </Button>
            )}
            {last && showSubmit && (
              <SubmitButton busy={formState.isSubmitting} disabled={disableSubmitUntilDirty && !changed}>
                {submitLabel ?? t.submit}
              </SubmitButton>
            )}
          </Stack>
        </Box>
      </FormProvider>
    </FormEngineContext.Provider>
  );
}
