import { z } from "zod";
import { PASSWORD_MAX_LENGTH, passwordProblem } from "@/domain/password";

/**
 * Bodies of the authentication calls (SPEC §7 "Auth"), shared by the API (which answers
 * the codes in a 422) and the forms (which show the same codes in the visitor's language).
 * Messages are error codes of src/domain/errors.ts.
 */

const EMAIL_MAX_LENGTH = 254;

/** An e-mail address, compared lower-cased everywhere (accounts are stored that way). */
export const authEmailSchema = z
  .string({ error: "email_required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "email_required" })
  .max(EMAIL_MAX_LENGTH, { error: "email_invalid" })
  .pipe(z.email({ error: "email_invalid" }));

/**
 * The password typed to sign in. Only presence and the upper bound are checked: an
 * account created before a rule changed must still be able to sign in, and the bound
 * keeps a megabyte "password" away from the hash function.
 */
export const signInPasswordSchema = z
  .string({ error: "password_required" })
  .min(1, { error: "password_required" })
  .max(PASSWORD_MAX_LENGTH * 4, { error: "invalid_credentials" });

/** A password being chosen: every rule of src/domain/password.ts. */
export const newPasswordSchema = z.string({ error: "password_required" }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const signInSchema = z.object({
  email: authEmailSchema,
  password: signInPasswordSchema,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** POST …/auth/password: ask for a reset e-mail. */
export const passwordResetRequestSchema = z.object({
  email: authEmailSchema,
  redirect_url: z.string({ error: "redirect_url_not_allowed" }).trim().max(2048, { error: "redirect_url_not_allowed" }).optional(),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** GET …/auth/password/edit: the link of the reset e-mail. */
export const passwordEditQuerySchema = z.object({
  reset_password_token: z.string({ error: "reset_token_invalid" }).trim().min(1, { error: "reset_token_invalid" }).max(200, { error: "reset_token_invalid" }),
  redirect_url: z.string().trim().max(2048, { error: "redirect_url_not_allowed" }).optional(),
  /** devise_token_auth's configuration name; accepted for compatibility, only one configuration exists. */
  config: z.string().max(100).optional(),
});

/**
 * PUT …/auth/password. With `reset_password_token` it completes a reset; otherwise the
 * signed-in user changes the password and must give the current one.
 */
export const passwordUpdateSchema = z
  .object({
    password: newPasswordSchema,
    password_confirmation: z.string({ error: "password_mismatch" }),
    current_password: z.string().max(PASSWORD_MAX_LENGTH * 4, { error: "current_password_invalid" }).optional(),
    reset_password_token: z.string().trim().min(1, { error: "reset_token_invalid" }).max(200, { error: "reset_token_invalid" }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password_confirmation !== value.password) {
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "password_mismatch" });
    }
  });
export type PasswordUpdateInput = z.infer<typeof passwordUpdateSchema>;

/** The change-password form: the API body plus the current password, which it requires. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, { error: "current_password_required" }),
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.password_confirmation !== value.password) {
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "password_mismatch" });
    }
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** The reset form (new password twice); the token comes from the page address. */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.password_confirmation !== value.password) {
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "password_mismatch" });
    }
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: authEmailSchema });
export type ForgotPasswordFormInput = z.infer<typeof forgotPasswordFormSchema>;
