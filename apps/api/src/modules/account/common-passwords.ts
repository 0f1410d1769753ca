import { createHash } from 'node:crypto';

import { passwordSatisfiesRules } from '@stoa/shared/common';

/**
 * Passwords that meet the complexity rules yet are among the first an attacker tries. The
 * server only receives MD5(password), so it compares MD5s: a bundled list of well-known
 * passwords plus the usual "Word@123" variants of common words.
 */
const WELL_KNOWN = [
  'P@ssw0rd',
  'P@ssword1',
  'P@ssword123',
  'Passw0rd!',
  'Pa$$w0rd',
  'Pa$$word1',
  'P@$$w0rd',
  'Password@1',
  'Password#1',
  'Password!1',
  'Welcome@1',
  'Welcome#1',
  'Qwerty@123',
  'Qwerty!23',
  'Abcd@1234',
  'Abc@12345',
  'Aa@123456',
  'Aa123456@',
  'Zxcvbnm@1',
  'Asdf@1234',
  'Test@1234',
  'India@2024',
  'Admin@1234',
  'Root@1234',
  'Ch@ngeme1',
  'Changeme@1',
  'Letmein@1',
  'Iloveyou@1',
  'Sunshine@1',
  'Monkey@123',
  'Dragon@123',
  'Master@123',
];

const WORDS = [
  'password',
  'welcome',
  'admin',
  'administrator',
  'india',
  'bharat',
  'qwerty',
  'abc',
  'abcd',
  'test',
  'user',
  'login',
  'sunshine',
  'monkey',
  'dragon',
  'letmein',
  'football',
  'cricket',
  'iloveyou',
  'master',
  'hello',
  'charlie',
  'summer',
  'winter',
  'spring',
  'autumn',
  'secret',
  'changeme',
  'default',
  'sldc',
  'stoa',
  'power',
  'energy',
  'electric',
  'grid',
  'transco',
  'discom',
  'trader',
  'mumbai',
  'delhi',
  'krishna',
  'ganesh',
  'sairam',
  'om',
  'jaihind',
  'computer',
  'internet',
  'google',
  'samsung',
  'apple',
  'pass',
  'temp',
  'guest',
  'office',
];
const SPECIALS = ['@', '#', '!', '$', '&', '*'];
const NUMBERS = [
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '01',
  '007',
  '786',
  '2020',
  '2021',
  '2022',
  '2023',
  '2024',
  '2025',
  '2026',
  '2027',
];

function md5(s: string) {
  return createHash('md5').update(s).digest('hex');
}

function build(): Set<string> {
  const out = new Set<string>();
  const add = (p: string) => {
    if (passwordSatisfiesRules(p)) out.add(md5(p));
  };
  WELL_KNOWN.forEach(add);
  for (const word of WORDS) {
    const cap = word[0]!.toUpperCase() + word.slice(1);
    for (const s of SPECIALS) {
      for (const n of NUMBERS) {
        add(`${cap}${s}${n}`);
        add(`${cap}${n}${s}`);
        add(`${s}${cap}${n}`);
      }
    }
  }
  return out;
}

let cache: Set<string> | undefined;

export function isCommonPasswordMd5(md5hex: string): boolean {
  cache ??= build();
  return cache.has(md5hex.toLowerCase());
}
