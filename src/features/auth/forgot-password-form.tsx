"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { UserType } from "@/domain/roles";
import { forgotPasswordFormSchema, type ForgotPasswordFormInput } from "@/domain/schemas/auth";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Link } from "@/ui/link";
import { errorCodesOf, requestPasswordReset } from "./auth-calls";
import { REALMS } from "./auth-realm";
import { useErrorText } from "./error-text";
import { FormErrors } from "./form-errors";

/**
 * Asks for a reset e-mail. The confirmation is the same whether or not the address has
 * an account (the server answers the same), so the page never tells who is a customer.
 */
export function ForgotPasswordForm({ realm }: { realm: UserType }) {
  const config = REALMS[realm];
  const t = useTranslations("Auth.forgot");
  const ts = useTranslations("Auth.signIn");
  const errors = useErrorText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverCodes, setServerCodes] = useState<string[]>([]);
  const errorRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, formState } = useForm<ForgotPasswordFormInput>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: "" },
  });

  useEffect(() => {
    if (serverCodes.length > 0) errorRef.current?.focus();
  }, [serverCodes]);
  useEffect(() => {
    if (sentTo) doneRef.current?.focus();
  }, [sentTo]);

  async function onSubmit(values: ForgotPasswordFormInput) {
    setServerCodes([]);
    try {
      await requestPasswordReset(realm, values.email, window.location.origin);
      setSentTo(values.email);
    } catch (error) {
      setServerCodes(errorCodesOf(error));
    }
  }

  if (sentTo) {
    return (
      <div ref={doneRef} tabIndex={-1} className="flex flex-col gap-5 outline-none">
        <Alert tone="success" title={t("sentTitle")}>
          {t("sent", { email: sentTo })}
        </Alert>
        <Link href={config.signIn} variant="standalone">
          {t("back")}
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <FormErrors ref={errorRef} title={ts("errorTitle")} messages={errors.many(serverCodes)} />
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
        <Input
          label={ts("email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.one(formState.errors.email?.message)}
          {...register("email")}
        />
        <div className="flex flex-col-reverse items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <Link href={config.signIn} variant="standalone">
            {t("back")}
          </Link>
          <Button type="submit" size="lg" loading={formState.isSubmitting} className="w-full sm:w-auto">
            {t("submit")}
          </Button>
        </div>
      </form>
    </div>
  );
}
