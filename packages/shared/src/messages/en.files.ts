/**
 * English texts of the files domain (issue 3). A plain object to be merged into `en` by the lead;
 * `invalidFile`, `uploadFailed` and `downloadFailed` are the specification's texts (spec 000 §5, §8).
 */
export const enFiles = {
  files: {
    /** Spec 000 §5: `{types}` is the allowed extensions joined with ', ' (e.g. 'pdf, jpg'). */
    invalidFile: (types: string) => `Invalid file. Please upload ${types} file`,
    uploadFailed: 'Unable to upload the file.',
    downloadFailed: 'Unable to download file.',
    invalidFileName: 'Invalid file name. Please rename the file and upload it again.',
    emptyFile: 'The file is empty.',
    tooLarge: (limit: string) => `The file is larger than ${limit}.`,
    noFile: 'Choose a file to upload.',
    notFound: 'The requested file was not found.',
    unknownKind: (value: string) => `Unknown file kind or extension: ${value}`,
    nothingAllowed: 'None of the requested file kinds is accepted by this form.',
    alreadyLinked: 'The file already belongs to another record.',
    notMultipart: 'Send the file as multipart/form-data in the field uploadedFile.',
    /** Issue 11 item 2: the user's uploads not yet attached to a form exceed the quota. */
    quotaExceeded: (limit: string) =>
      `You have more than ${limit} of uploaded files that are not yet part of a submitted form. Submit or save the form that uses them, or try again tomorrow.`,
  },
  errors: {
    INVALID_FILE: 'Invalid file.',
  },
} as const;
