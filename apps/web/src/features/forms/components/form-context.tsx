import { createContext, useContext } from 'react';

import type { FileDetailRow, FormDefinition, Option, OptionSource } from '@stoa/shared/forms';

/** What every field component of one rendered form needs besides its own definition. */
export interface FormEngine {
  definition: FormDefinition;
  /** The whole form is read-only (workflow action ReadOnly). */
  readOnly: boolean;
  optionSources: Partial<Record<OptionSource, Option[]>>;
  uploadFormName: string;
  /** Display names of uploaded files by id (known ones, plus every upload of this session). */
  fileNames: Record<string, string>;
  rememberFileName: (id: string, name: string) => void;
  reviewFileDetails: boolean;
  onFileDetailsChange?: (rows: FileDetailRow[]) => void;
  onButton?: (action: string) => void;
  /** Fields whose cross-field rule reads `name` (re-checked when `name` changes, if they show an error). */
  dependentsOf: (name: string) => readonly string[];
  /**
   * Every error shows, table cells included (after a submit attempt, or on a step the user left);
   * otherwise a table cell shows its error only once the user has left that cell.
   */
  revealErrors: boolean;
  /** Read-only table cells computed from their row, by `${table}.${column}`. */
  computedCells?: Record<string, (row: Record<string, unknown>) => string>;
}

export const FormEngineContext = createContext<FormEngine | null>(null);

export function useFormEngine(): FormEngine {
  const engine = useContext(FormEngineContext);
  if (!engine) throw new Error('Field components render inside FormRenderer');
  return engine;
}
