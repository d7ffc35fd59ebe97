"use client";

import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "@/api-client/auth";
import { api } from "@/api-client/client";
import { safeReturnPath } from "@/config/auth-paths";
import { paths } from "@/config/paths";
import type { UserType } from "@/domain/roles";
import { signInSchema, type SignInInput } from "@/domain/schemas/auth";
import { selectUser, selectUserType, signedIn } from "@/store/auth-slice";
import { useAppDispatch, useAppSelector } from "@/store/hooks";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Link } from "@/ui/link";
import { adoptCookieSession, errorCodesOf, openCookieSession } from "./auth-calls";
import { REALMS } from "./auth-realm";
import { useErrorText } from "./error-text";
import { FormErrors } from "./form-errors";
import { PasswordField } from "@/ui/password-field";

/** Codes the social sign-in callback may send back in `?erreur=`. */
const CALLBACK_ERRORS = new Set(["oidc_unavailable", "oidc_failed", "oidc_email_not_verified", "oidc_account_not_found"]);

/** Full page load: server-rendered pages read the session cookie just set. */
function go(target: string) {
  window.location.assign(target);
}

/**
 * Sign-in of a family (or of a professional with realm "business_user"): e-mail and
 * password, errors in the visitor's language, what was typed kept on failure, then back
 * to the page that asked (`?retour=`). Also finishes a social sign-in (`?connexion=oidc`)
 * by exchanging the session cookie for this browser's tokens.
 */
export function SignInForm({ realm }: { realm: UserType }) {
  const config = REALMS[realm];
  const t = useTranslations("Auth.signIn");
  const tp = useTranslations("Auth.password");
  const errors = useErrorText();
  const dispatch = useAppDispatch();
  const search = useSearchParams();
  const returnTo = safeReturnPath(search.get("retour"), config.home);
  const expired = search.get("motif") === "session_expired";
  const callbackError = search.get("erreur");
  const finishingSocial = search.get("connexion") === "oidc";

  const currentUser = useAppSelector(selectUser);
  const currentType = useAppSelector(selectUserType);
  const [serverCodes, setServerCodes] = useState<string[]>(callbackError && CALLBACK_ERRORS.has(callbackError) ? [callbackError] : []);
  const [adopting, setAdopting] = useState(finishingSocial);
  const [socialAvailable, setSocialAvailable] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" }, mode: "onSubmit" });
  const { register, handleSubmit, formState } = form;

  useEffect(() => {
    if (serverCodes.length > 0) errorRef.current?.focus();
  }, [serverCodes]);

  // Back from the identity provider: the server set the session cookie; get header tokens for it.
  useEffect(() => {
    if (!finishingSocial) return;
    let cancelled = false;
    adoptCookieSession(realm)
      .then((user) => {
        if (cancelled) return;
        if (!user) {
          setServerCodes(["oidc_failed"]);
          setAdopting(false);
          return;
        }
        dispatch(signedIn({ user, userType: realm }));
        go(returnTo);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setServerCodes(errorCodesOf(error));
        setAdopting(false);
      });
    return () => {
      cancelled = true;
    };
  }, [finishingSocial, realm, returnTo, dispatch]);

  // The social button shows only when the server has a provider configured.
  useEffect(() => {
    if (realm !== "client") return;
    let cancelled = false;
    api
      .get<{ providers?: string[] }>(`${config.api}/providers`, { notifySessionExpired: false })
      .then((answer) => {
        if (!cancelled) setSocialAvailable(Array.isArray(answer?.providers) && answer.providers.includes("oidc"));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [realm, config.api]);

  async function onSubmit(values: SignInInput) {
    setServerCodes([]);
    try {
      const user = await signIn(realm, values);
      dispatch(signedIn({ user, userType: realm }));
      await openCookieSession(realm);
      go(returnTo);
    } catch (error) {
      setServerCodes(errorCodesOf(error));
    }
  }

  async function continueSignedIn() {
    try {
      await openCookieSession(realm);
      go(returnTo);
    } catch (error) {
      setServerCodes(errorCodesOf(error));
    }
  }

  if (adopting) {
    return (
      <p role="status" className="text-lg text-ink-soft">
        {t("finishing")}
      </p>
    );
  }

  const alreadySignedIn = currentUser !== null && currentType === realm && !expired;
  const socialHref = `${paths.omniauth("oidc")}?${new URLSearchParams({ retour: returnTo }).toString()}`;

  return (
    <div className="flex flex-col gap-6">
      {expired ? <Alert tone="warning" title={t("sessionExpiredTitle")}>{t("sessionExpired")}</Alert> : null}
      {!expired && search.get("retour") ? <Alert tone="info">{t("returnNotice")}</Alert> : null}
      {alreadySignedIn ? (
        <Alert tone="info" title={t("alreadySignedInTitle")}>
          <p>{t("alreadySignedIn", { email: String(currentUser.email ?? "") })}</p>
          <Button className="mt-3" onClick={continueSignedIn}>
            {t("continue")}
          </Button>
        </Alert>
      ) : null}
      <FormErrors ref={errorRef} title={t("errorTitle")} messages={errors.many(serverCodes)} />
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5" aria-label={t("formLabel")}>
        <Input
          label={t("email")}
          type="email"
          autoComplete={realm === "client" ? "email" : "username"}
          inputMode="email"
          required
          error={errors.one(formState.errors.email?.message)}
          {...register("email")}
        />
        <PasswordField
          label={t("password")}
          autoComplete="current-password"
          required
          showLabel={tp("show")}
          hideLabel={tp("hide")}
          error={errors.one(formState.errors.password?.message)}
          {...register("password")}
        />
        <div className="flex flex-col-reverse items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <Link href={config.forgotPassword} variant="standalone">
            {t("forgotten")}
          </Link>
          <Button type="submit" size="lg" loading={formState.isSubmitting} className="w-full sm:w-auto">
            {t("submit")}
          </Button>
        </div>
      </form>
      {socialAvailable ? (
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-3 text-ink-soft before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">{t("or")}</p>
          {/* A plain link: the sign-in leaves the site for the identity provider and comes back. */}
          <a
            href={socialHref}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md border border-line-strong bg-surface px-5 font-semibold text-ink hover:bg-sand-50"
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21a8 8 0 0 1 16 0" />
            </svg>
            {t("social")}
          </a>
          <p className="text-base text-ink-soft">{t("socialHint")}</p>
        </div>
      ) : null}
    </div>
  );
}
