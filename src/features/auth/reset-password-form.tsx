"use client";

import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { UserType } from "@/domain/roles";
import { resetPasswordFormSchema, type ResetPasswordFormInput } from "@/domain/schemas/auth";
import { signedIn } from "@/store/auth-slice";
import { useAppDispatch } from "@/store/hooks";
import { Alert } from "@/ui/alert";
import { Button, buttonClasses } from "@/ui/button";
import { Link } from "@/ui/link";
import { errorCodesOf, openCookieSession, resetPassword } from "./auth-calls";
import { REALMS } from "./auth-realm";
import { useErrorText } from "./error-text";
import { FormErrors } from "./form-errors";
import { NewPasswordFields } from "./new-password-fields";

/**
 * The page the reset e-mail leads to (through the API's …/password/edit, which checks
 * the link and adds the reset token). A new password twice; on success this browser is
 * signed in and every other session of the account has ended.
 */
export function ResetPasswordForm({ realm }: { realm: UserType }) {
  const config = REALMS[realm];
  const t = useTranslations("Auth.reset");
  const ts = useTranslations("Auth.signIn");
  const errors = useErrorText();
  const dispatch = useAppDispatch();
  const search = useSearchParams();
  const [token] = useState(() => search.get("reset_password_token"));
  const [invalid, setInvalid] = useState(() => !token || search.get("erreur") === "reset_token_invalid");
  const [done, setDone] = useState(false);
  const [serverCodes, setServerCodes] = useState<string[]>([]);
  const errorRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, formState, control } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", password_confirmation: "" },
  });

  // The token stays out of the address bar, history and any later Referer.
  useEffect(() => {
    if (token) window.history.replaceState(null, "", window.location.pathname);
  }, [token]);
  useEffect(() => {
    if (serverCodes.length > 0) errorRef.current?.focus();
  }, [serverCodes]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function onSubmit(values: ResetPasswordFormInput) {
    if (!token) return;
    setServerCodes([]);
    try {
      const user = await resetPassword(realm, { token, password: values.password, confirmation: values.password_confirmation });
      dispatch(signedIn({ user, userType: realm }));
      await openCookieSession(realm).catch(() => undefined);
      setDone(true);
    } catch (error) {
      const codes = errorCodesOf(error);
      if (codes.includes("reset_token_invalid")) setInvalid(true);
      else setServerCodes(codes);
    }
  }

  if (invalid) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="warning" title={t("invalidTitle")}>
          {t("invalid")}
        </Alert>
        <div>
          <a href={config.forgotPassword} className={buttonClasses({ size: "lg" })}>
            {t("requestNew")}
          </a>
        </div>
      </div>
    );
  }

  if (done) {
    return (
      <div ref={doneRef} tabIndex={-1} className="flex flex-col gap-5 outline-none">
        <Alert tone="success" title={t("doneTitle")}>
          {t("done")}
        </Alert>
        <div>
          <a href={config.home} className={buttonClasses({ size: "lg" })}>
            {t("continue")}
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <FormErrors ref={errorRef} title={ts("errorTitle")} messages={errors.many(serverCodes)} />
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
        <NewPasswordFields register={register} control={control} errors={formState.errors} />
        <div className="flex flex-col-reverse items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <Link href={config.signIn} variant="standalone">
            {ts("backToSignIn")}
          </Link>
          <Button type="submit" size="lg" loading={formState.isSubmitting} className="w-full sm:w-auto">
            {t("submit")}
          </Button>
        </div>
      </form>
    </div>
  );
}
