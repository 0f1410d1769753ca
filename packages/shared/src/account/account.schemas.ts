import { z } from 'zod';

import { en } from '../messages/en';
import { contactNumberSchema, emailSchema, isoDateSchema, md5Schema, profilePanSchema, requiredText } from '../common/patterns';
import { CONNECTED_TO_LICENCES, entityTypeSchema, OA_ENTITY_TYPES, roleSchema, type Role } from './roles';

const userNameSchema = z
  .string({ error: en.common.required(en.preRegister.userName) })
  .trim()
  .min(1, en.common.required(en.preRegister.userName))
  .max(50, en.validation.tooLong(50))
  .regex(/^[A-Za-z0-9._@-]+$/, 'User Name may contain letters, digits and . _ @ - only');

const requiredEmail = (label: string) =>
  z
    .string({ error: en.common.required(label) })
    .trim()
    .min(1, en.common.required(label))
    .pipe(emailSchema);

const mustAccept = z.boolean({ error: en.preRegister.acceptRequired }).refine((v) => v === true, en.preRegister.acceptRequired);

const pastOrTodayDate = (label: string) =>
  z
    .string({ error: en.common.required(label) })
    .min(1, en.common.required(label))
    .pipe(isoDateSchema)
    .refine((s) => s <= new Date().toISOString().slice(0, 10), en.validation.dateInFuture);

// ---- Captcha -------------------------------------------------------------------------------

export const captchaQuerySchema = z.object({
  /** `text` returns the accessible text alternative instead of an image. */
  mode: z.enum(['image', 'text']).default('image'),
});
export const captchaResponseSchema = z.object({
  captchaId: z.string(),
  /** False when LOGIN_CAPTCHA=off (automated tests only): the login form hides the captcha. */
  required: z.boolean(),
  /** SVG markup of the captcha image (image mode). */
  image: z.string().optional(),
  /** Accessible alternative: the characters spelled out (text mode). */
  textAlternative: z.string().optional(),
  length: z.number(),
  expiresInSeconds: z.number(),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

// ---- Login and tokens ----------------------------------------------------------------------

export const loginRequestSchema = z.object({
  username: z
    .string({ error: en.login.userNameRequired })
    .trim()
    .min(1, en.login.userNameRequired)
    .max(100)
    .refine((s) => !/\s/.test(s), en.login.noSpaces),
  password: z.string({ error: en.login.passwordRequired }).min(1, en.login.passwordRequired).pipe(md5Schema),
  captchaId: z.string().max(100).optional().default(''),
  captcha: z.string().max(20).optional().default(''),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const authUserSchema = z.object({
  jwtToken: z.string(),
  refreshToken: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  entityType: entityTypeSchema.nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const okResponseSchema = z.boolean();

// ---- Pre-registration ----------------------------------------------------------------------

export const preRegisterRequestSchema = z
  .object({
    isTrader: z.boolean({ error: en.common.required(en.preRegister.isTrader) }),
    entityName: requiredText(en.preRegister.entityName, 200),
    entityType: z.enum(['InjectingEntity', 'DraweeEntity', 'BothEntity', 'Trader'], {
      error: en.common.required(en.preRegister.entityType),
    }),
    registeredAddress: requiredText(en.preRegister.registeredAddress, 500),
    dateOfIncorporation: pastOrTodayDate(en.preRegister.dateOfIncorporation),
    panCardNumber: profilePanSchema,
    firstName: requiredText(en.preRegister.firstName, 100),
    lastName: requiredText(en.preRegister.lastName, 100),
    email: requiredEmail(en.preRegister.email),
    userName: userNameSchema,
    contactNumber: contactNumberSchema,
    acceptContractDemandTerms: mustAccept,
    acceptDedicatedFeederTerms: mustAccept,
    acceptTerms: mustAccept,
  })
  .superRefine((v, ctx) => {
    if (v.isTrader && v.entityType !== 'Trader') {
      ctx.addIssue({ code: 'custom', path: ['entityType'], message: 'Entity type of a trader must be Trader' });
    }
    if (!v.isTrader && !(OA_ENTITY_TYPES as readonly string[]).includes(v.entityType)) {
      ctx.addIssue({ code: 'custom', path: ['entityType'], message: en.common.required(en.preRegister.entityType) });
    }
  });
export type PreRegisterRequest = z.input<typeof preRegisterRequestSchema>;

// ---- Passwords -----------------------------------------------------------------------------

export const forgotPasswordRequestSchema = z.object({
  emailAddress: requiredEmail(en.forgotPassword.email),
});

export const setPasswordRequestSchema = z.object({
  emailAddress: requiredEmail(en.setPassword.email),
  /** The verification code, MD5-hashed by the client. */
  oldPassword: z.string({ error: en.setPassword.codeRequired }).min(1, en.setPassword.codeRequired).pipe(md5Schema),
  newPassword: z.string({ error: en.setPassword.passwordRequired }).min(1, en.setPassword.passwordRequired).pipe(md5Schema),
});

export const changePasswordRequestSchema = z.object({
  userId: z.string().min(1),
  oldPassword: z.string({ error: en.changePassword.currentRequired }).min(1, en.changePassword.currentRequired).pipe(md5Schema),
  newPassword: z.string({ error: en.changePassword.newRequired }).min(1, en.changePassword.newRequired).pipe(md5Schema),
});

// ---- Profile -------------------------------------------------------------------------------

export const profileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userName: z.string(),
  email: z.string(),
  contactNumber: z.string().nullable(),
  contactPersonName: z.string().nullable(),
  panCardNumber: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  role: roleSchema,
  dateOfRegistration: z.string(),
  isEnabled: z.boolean(),
  entityName: z.string().nullable(),
  entityType: entityTypeSchema.nullable(),
  dateOfIncorporation: z.string().nullable(),
  connectedTo: z.string().nullable(),
  zone: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A PAN that may be empty; when given it must be valid (profile messages). */
const optionalPan = z
  .string()
  .trim()
  .nullish()
  .superRefine((value, ctx) => {
    if (!value) return;
    const r = profilePanSchema.safeParse(value);
    if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message });
  });

const optionalText = (max: number) => z.string().trim().max(max, en.validation.tooLong(max)).nullish();

/** The EditProfile body common to every role; `editProfileSchemaFor(role)` adds the role's rules. */
export const editProfileRequestSchema = z.object({
  firstName: requiredText(en.profile.firstName, 100),
  lastName: requiredText(en.profile.lastName, 100),
  userName: requiredText(en.profile.userName, 50),
  email: requiredEmail(en.profile.email),
  contactNumber: contactNumberSchema,
  contactPersonName: optionalText(200),
  panCardNumber: optionalPan,
  registeredAddress: requiredText(en.profile.registeredAddress, 500),
  entityName: optionalText(200),
  entityType: entityTypeSchema.nullish(),
  dateOfIncorporation: z.string().nullish(),
  connectedTo: z.enum(CONNECTED_TO_LICENCES).nullish(),
});
export type EditProfileRequest = z.input<typeof editProfileRequestSchema>;

/**
 * The profile schema of one role: rules that depend on the role are field schemas (not a
 * refinement), so a form or request with several problems gets every message at once.
 */
export function editProfileSchemaFor(role: Role) {
  const entity = role === 'OABusinessUser' || role === 'Trader';
  return editProfileRequestSchema.extend({
    panCardNumber: role === 'DISCOMBusinessUser' ? optionalPan : profilePanSchema,
    entityName: entity ? requiredText(en.profile.entityName, 200) : optionalText(200),
    entityType: entity ? entityTypeSchema : entityTypeSchema.nullish(),
    dateOfIncorporation: entity ? isoDateSchema.nullish() : z.string().nullish(),
  });
}
