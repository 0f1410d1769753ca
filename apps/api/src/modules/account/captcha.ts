import { createHash } from 'node:crypto';

import svgCaptcha from 'svg-captcha';

import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { accountRepository } from './account.repository';

export const CAPTCHA_LENGTH = 6;
export const CAPTCHA_TTL_SECONDS = 5 * 60;
/** No 0/O, 1/I/L: characters people cannot tell apart in a distorted image. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const SPOKEN: Record<string, string> = {
  A: 'A as in Alpha',
  B: 'B as in Bravo',
  C: 'C as in Charlie',
  D: 'D as in Delta',
  E: 'E as in Echo',
  F: 'F as in Foxtrot',
  G: 'G as in Golf',
  H: 'H as in Hotel',
  J: 'J as in Juliett',
  K: 'K as in Kilo',
  M: 'M as in Mike',
  N: 'N as in November',
  P: 'P as in Papa',
  Q: 'Q as in Quebec',
  R: 'R as in Romeo',
  S: 'S as in Sierra',
  T: 'T as in Tango',
  U: 'U as in Uniform',
  V: 'V as in Victor',
  W: 'W as in Whiskey',
  X: 'X as in X-ray',
  Y: 'Y as in Yankee',
  Z: 'Z as in Zulu',
  '2': 'digit two',
  '3': 'digit three',
  '4': 'digit four',
  '5': 'digit five',
  '6': 'digit six',
  '7': 'digit seven',
  '8': 'digit eight',
  '9': 'digit nine',
};

function answerHash(id: string, answer: string) {
  return createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');
}

export function createCaptchaService(db: Database, clock: Clock) {
  return {
    async issue(mode: 'image' | 'text') {
      const generated = svgCaptcha.create({
        size: CAPTCHA_LENGTH,
        charPreset: ALPHABET,
        noise: 3,
        color: false,
        background: '#f4f6f8',
        width: 180,
        height: 56,
        fontSize: 52,
      });
      const text = generated.text;
      const expiresAt = new Date(clock.now().getTime() + CAPTCHA_TTL_SECONDS * 1000);
      const id = await accountRepository.insertCaptcha(db, expiresAt);
      await accountRepository.setCaptchaAnswer(db, id, answerHash(id, text));
      // Expired captchas are of no use to anyone; keep the table small.
      await accountRepository.deleteExpiredCaptchas(db, new Date(clock.now().getTime() - 3_600_000));
      const base = { captchaId: id, length: CAPTCHA_LENGTH, expiresInSeconds: CAPTCHA_TTL_SECONDS };
      if (mode === 'text') {
        return { ...base, textAlternative: `Type these ${CAPTCHA_LENGTH} characters: ${[...text].map((c) => SPOKEN[c]).join(', ')}.` };
      }
      return { ...base, image: generated.data };
    },

    /** Consumes the captcha whatever the answer: one guess per captcha. */
    async check(id: string, answer: string): Promise<boolean> {
      if (!/^[0-9a-f-]{36}$/i.test(id) || !answer) return false;
      const stored = await accountRepository.consumeCaptcha(db, id, clock.now());
      return stored !== undefined && stored === answerHash(id, answer);
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
