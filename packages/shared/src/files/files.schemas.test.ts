import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  allowedExtensionsFor,
  expandFileTypes,
  fileExtension,
  fileUploadQuerySchema,
  invalidFileMessage,
  kindOfExtension,
  sanitizeFileName,
  shortenFileName,
} from './files.schemas';

describe('shortenFileName (spec 000 §9: 40 characters before the extension)', () => {
  it('keeps names whose base has at most 40 characters', () => {
    expect(shortenFileName('report.pdf')).toBe('report.pdf');
    const forty = 'a'.repeat(40);
    expect(shortenFileName(`${forty}.pdf`)).toBe(`${forty}.pdf`);
  });

  it('cuts a longer base to 40 characters, marks the cut and keeps the extension', () => {
    const base = 'Annual-transmission-charges-statement-for-FY-2024-25';
    expect(shortenFileName(`${base}.xlsx`)).toBe(`${base.slice(0, 40)}....xlsx`);
    expect(shortenFileName(`${'b'.repeat(41)}`)).toBe(`${'b'.repeat(40)}...`);
    expect(shortenFileName('abcdef.csv', 3)).toBe('abc....csv');
  });

  it('counts characters, not UTF-16 units, and never splits one', () => {
    const base = '😀'.repeat(45);
    const out = shortenFileName(`${base}.png`);
    expect(Array.from(out.replace(/\.\.\.\.png$/, ''))).toHaveLength(40);
    expect(out.endsWith('....png')).toBe(true);
  });

  it('property: the extension survives and the base never exceeds max (+ the marker)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 120 }), fc.constantFrom('.pdf', '.xlsx', '.png'), (base, ext) => {
        const clean = base.replace(/\./g, 'x');
        const out = shortenFileName(clean + ext);
        expect(out.endsWith(ext)).toBe(true);
        expect(Array.from(out.slice(0, -ext.length)).length).toBeLessThanOrEqual(43);
      }),
    );
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['C:\\Users\\me\\My Bill.pdf', 'My Bill.pdf'],
    ['in\u0000voice.pdf', 'invoice.pdf'],
    ['a\u202egnp.exe', 'agnp.exe'],
    ['  spaced   out  .pdf ', 'spaced out.pdf'],
    ['what?.pdf', 'what_.pdf'],
    ['a..pdf', 'a.pdf'],
    ['noext', 'noext'],
    ['Résumé.PDF', 'Résumé.PDF'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it.each(['', '..', '.', '/', '../', '.htaccess', '.pdf', '___.pdf', '\u0000\u0001', '   ', '\u202e'])('refuses %j', (raw) => {
    expect(sanitizeFileName(raw)).toBeNull();
  });

  it('limits the length and keeps the extension', () => {
    const out = sanitizeFileName(`${'x'.repeat(500)}.xlsx`)!;
    expect(out).toHaveLength(200);
    expect(out.endsWith('.xlsx')).toBe(true);
  });

  it('property: the result is a single safe segment', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (raw) => {
        const out = sanitizeFileName(raw);
        if (out === null) return;
        // eslint-disable-next-line no-control-regex -- control characters must be gone
        expect(out).not.toMatch(/[/\\\u0000-\u001f<>:"|?*]/);
        expect(out.startsWith('.')).toBe(false);
        expect(Array.from(out).length).toBeLessThanOrEqual(200);
      }),
    );
  });
});

describe('allowed kinds', () => {
  it('maps extensions to the kinds of the specification', () => {
    expect(kindOfExtension('jpeg')).toBe('image');
    expect(kindOfExtension('xlsb')).toBe('excel');
    expect(kindOfExtension('csv')).toBe('csv');
    expect(kindOfExtension('exe')).toBeUndefined();
    expect(fileExtension('a.B.PdF')).toBe('pdf');
    expect(fileExtension('pdf')).toBe('');
  });

  it('expands kinds and extensions in order, without duplicates', () => {
    expect(expandFileTypes(['pdf', 'image', 'JPG', '.csv'])).toEqual(['pdf', 'jpg', 'jpeg', 'png', 'csv']);
    expect(expandFileTypes(['exe'])).toEqual([]);
  });

  it('treats inherited names (__proto__, constructor) as unknown kinds and forms (found by the contract fuzz: it answered 500)', () => {
    expect(expandFileTypes(['__proto__', 'constructor', 'toString'])).toEqual([]);
    expect(allowedExtensionsFor('AnyForm', ['__proto__'])).toEqual([]);
    expect(allowedExtensionsFor('__proto__')).toEqual(allowedExtensionsFor('AnyForm'));
    expect(allowedExtensionsFor('constructor')).toEqual(allowedExtensionsFor('AnyForm'));
  });

  it('narrows by form and by the allowed list', () => {
    expect(allowedExtensionsFor('AnyForm')).toEqual(['jpg', 'jpeg', 'png', 'pdf', 'xlsx', 'xls', 'xlsb', 'csv']);
    expect(allowedExtensionsFor('AnyForm', ['pdf', 'jpg'])).toEqual(['pdf', 'jpg']);
    expect(allowedExtensionsFor('UserManual')).toEqual(['pdf']);
    expect(allowedExtensionsFor('UserManual', ['image'])).toEqual([]);
  });

  it("words the spec's message with the types joined by ', '", () => {
    expect(invalidFileMessage(['pdf', 'jpg'])).toBe('Invalid file. Please upload pdf, jpg file');
    expect(invalidFileMessage(['pdf'])).toBe('Invalid file. Please upload pdf file');
  });

  it('validates the upload query', () => {
    expect(fileUploadQuerySchema.parse({ formName: ' Registration ', allowed: 'pdf, image' })).toEqual({
      formName: 'Registration',
      allowed: ['pdf', 'image'],
    });
    const bad = fileUploadQuerySchema.safeParse({ formName: '', allowed: 'pdf,doc' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual(['formName is required', 'Unknown file kind or extension: doc']);
    expect(fileUploadQuerySchema.safeParse({ formName: '../x' }).success).toBe(false);
  });
});
