"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { UserType } from "@/domain/roles";
import { changePasswordFormSchema, type ChangePasswordFormInput } from "@/domain/schemas/auth";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Link } from "@/ui/link";
import { changePassword, errorCodesOf } from "./auth-calls";
import { REALMS } from "./auth-realm";
import { useErrorText } from "./error-text";
import { FormErrors } from "./form-errors";
import { PasswordField } from "@/ui/password-field";
import { NewPasswordFields } from "./new-password-fields";

/**
 * Change of password by a signed-in user: current password, new one twice with a
 * strength hint. Afterwards every other device is signed out (the server does it); this
 * one stays signed in. An expired session sends the user to sign in (api-client handler).
 */
export function ChangePasswordForm({ realm }: { realm: UserType }) {
  const config = REALMS[realm];
  const t = useTranslations("Auth.change");
  const tp = useTranslations("Auth.password");
  const errors = useErrorText();
  const [done, setDone] = useState(false);
  const [serverCodes, setServerCodes] = useState<string[]>([]);
  const errorRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, formState, control, setError, reset } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
  });

  useEffect(() => {
    if (serverCodes.length > 0) errorRef.current?.focus();
  }, [serverCodes]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function onSubmit(values: ChangePasswordFormInput) {
    setServerCodes([]);
    try {
      await changePassword(realm, { current: values.current_password, password: values.password, confirmation: values.password_confirmation });
      reset();
      setDone(true);
    } catch (error) {
      const codes = errorCodesOf(error);
      // A wrong current password belongs next to its field.
      if (codes.includes("current_password_invalid")) setError("current_password", { message: "current_password_invalid" }, { shouldFocus: true });
      const rest = codes.filter((c) => c !== "current_password_invalid");
      if (rest.length > 0) setServerCodes(rest);
    }
  }

  if (done) {
    return (
      <div ref={doneRef} tabIndex={-1} className="flex flex-col gap-5 outline-none">
        <Alert tone="success" title={t("doneTitle")}>
          {t("done")}
        </Alert>
        <Link href={config.home} variant="standalone">
          {realm === "client" ? t("back") : t("backPro")}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <FormErrors ref={errorRef} title={t("errorTitle")} messages={errors.many(serverCodes)} />
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
        <PasswordField
          label={tp("current")}
          autoComplete="current-password"
          required
          showLabel={tp("show")}
          hideLabel={tp("hide")}
          error={errors.one(formState.errors.current_password?.message)}
          {...register("current_password")}
        />
        <NewPasswordFields register={register} control={control} errors={formState.errors} />
        <div className="flex flex-col-reverse items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <Link href={config.home} variant="standalone">
            {realm === "client" ? t("back") : t("backPro")}
          </Link>
          <Button type="submit" size="lg" loading={formState.isSubmitting} className="w-full sm:w-auto">
            {t("submit")}
          </Button>
        </div>
      </form>
    </div>
  );
}
