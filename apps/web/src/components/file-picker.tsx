import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';

import { fileExtension, invalidFileMessage, shortenFileName } from '@stoa/shared/files';

import { visuallyHidden } from '../lib/a11y';
import { useMessages } from '../lib/i18n';

/**
 * The checks the browser can make before sending (spec 000 §5): the extension ('Invalid file.
 * Please upload … file') and an empty file.
 */
export function checkFile(file: File, allowed: readonly string[], emptyText: string): string | null {
  if (!allowed.includes(fileExtension(file.name))) return invalidFileMessage(allowed);
  if (file.size === 0) return emptyText;
  return null;
}

/** The file chosen for an upload, what is wrong with it (or with sending it), and how much of it is sent. */
export function useFileChoice(allowed: readonly string[]) {
  const m = useMessages();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Share of the file sent (0 to 1), null when nothing is being sent. */
  const [progress, setProgress] = useState<number | null>(null);
  const check = (chosen: File) => checkFile(chosen, allowed, m.files.emptyFile);
  return {
    file,
    setFile,
    problem,
    setProblem,
    progress,
    setProgress,
    percent: progress === null ? 0 : Math.round(progress * 100),
    /** Takes a newly picked file and says at once what is wrong with it. */
    choose: (chosen: File) => {
      setFile(chosen);
      setProblem(check(chosen));
      setProgress(null);
    },
    /** The file when it may be sent; otherwise null, with the reason shown ('Please choose a file', …). */
    ready: (): File | null => {
      const invalid = file ? check(file) : m.files.noFile;
      setProblem(invalid);
      return invalid ? null : file;
    },
  };
}

export interface FilePickerProps {
  file: File | null;
  /** Draws the drop zone's border in the error colour. */
  invalid: boolean;
  /** The file type's icon, in `iconColor` once a file is chosen. */
  icon: typeof SvgIcon;
  iconColor: string;
  texts: { chosen: string; noFile: string; choose: string; chooseAnother: string; fileHint: string };
  /** The file types the browser's dialog offers. */
  accept: string;
  disabled: boolean;
  onChoose: (file: File) => void;
  /** The id of the hint under the picker (what the form or the button is described by). */
  hintId: string;
  /** The choose button is described by the hint. */
  describeButton?: boolean;
  mt?: number;
}

/**
 * The chosen file (its type's icon and its shortened name) with a Choose button that opens the
 * browser's file dialog, and a hint (types and size) under it.
 */
export function FilePicker({
  file,
  invalid,
  icon: Icon,
  iconColor,
  texts,
  accept,
  disabled,
  onChoose,
  hintId,
  describeButton = false,
  mt,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const chooseText = file ? texts.chooseAnother : texts.choose;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared, so that picking the same file again is seen.
    event.target.value = '';
    if (chosen) onChoose(chosen);
  };
  return (
    <>
      <Box
        sx={{
          mt,
          p: 2,
          border: '1px dashed',
          borderColor: invalid ? 'error.main' : 'divider',
          borderRadius: 2,
          bgcolor: 'background.default',
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Icon aria-hidden="true" sx={{ fontSize: 36, color: file ? iconColor : 'action.disabled' }} />
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography variant="body2" color="text.secondary">
            {texts.chosen}
          </Typography>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} title={file?.name}>
            {file ? shortenFileName(file.name, 40) : texts.noFile}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={describeButton ? hintId : undefined}
          sx={{ flexShrink: 0 }}
        >
          {chooseText}
        </Button>
        {/* The file input itself: reached through the button, so it takes no focus of its own. */}
        <Box
          component="input"
          ref={input}
          type="file"
          accept={accept}
          tabIndex={-1}
          aria-label={chooseText}
          onChange={onChange}
          disabled={disabled}
          sx={visuallyHidden}
        />
      </Box>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {texts.fileHint}
      </Typography>
    </>
  );
}

/** How far an upload has come, as a bar with a line of text. */
export interface UploadProgressState {
  label: string;
  /** Percent sent; null while the server works (the bar then runs without a value). */
  percent: number | null;
  text: string;
}

/** The progress of an upload (when there is one) and what went wrong (when something did). */
export function UploadStatus({ progress, problem }: { progress: UploadProgressState | null; problem: string | null }) {
  return (
    <>
      {progress && (
        <Box sx={{ mt: 2.5 }}>
          <LinearProgress
            variant={progress.percent === null ? 'indeterminate' : 'determinate'}
            value={progress.percent ?? 0}
            aria-label={progress.label}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }} aria-live="polite">
            {progress.text}
          </Typography>
        </Box>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 2.5 }}>
          {problem}
        </Alert>
      )}
    </>
  );
}
