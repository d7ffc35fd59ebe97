"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { useWatch, type Control, type FieldErrors, type Path, type UseFormRegister } from "react-hook-form";
import { useErrorText } from "./error-text";
import { PasswordField } from "@/ui/password-field";
import { PasswordStrength } from "./password-strength";

type NewPasswordValues = { password: string; password_confirmation: string };

/**
 * The new password with its strength hint, then the confirmation: the same pair in the
 * password reset and the password change, so both read and behave alike.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<T>;
  control: Control<T>;
  errors: FieldErrors<NewPasswordValues>;
}) {
  const tp = useTranslations("Auth.password");
  const errorText = useErrorText();
  const strengthId = useId();
  const password = useWatch({ control, name: "password" as Path<T> }) as string | undefined;
  return (
    <>
      <PasswordField
        label={tp("new")}
        hint={tp("hint")}
        autoComplete="new-password"
        required
        showLabel={tp("show")}
        hideLabel={tp("hide")}
        aria-describedby={strengthId}
        error={errorText.one(errors.password?.message)}
        after={<PasswordStrength password={password ?? ""} id={strengthId} />}
        {...register("password" as Path<T>)}
      />
      <PasswordField
        label={tp("confirm")}
        autoComplete="new-password"
        required
        showLabel={tp("show")}
        hideLabel={tp("hide")}
        error={errorText.one(errors.password_confirmation?.message)}
        {...register("password_confirmation" as Path<T>)}
      />
    </>
  );
}
