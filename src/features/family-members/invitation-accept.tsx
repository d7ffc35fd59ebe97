"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "@/api-client/auth";
import { authPaths } from "@/config/auth-paths";
import { paths } from "@/config/paths";
import { signInSchema, type SignInInput } from "@/domain/schemas/auth";
import { invitationAccountSchema, type InvitationAccepted, type InvitationAccountInput, type InvitationView } from "@/domain/schemas/family";
import { selectIsAuthReady, selectUser, selectUserType, signedIn } from "@/store/auth-slice";
import { useAppDispatch, useAppSelector } from "@/store/hooks";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Heading } from "@/ui/heading";
import { Input } from "@/ui/input";
import { Link } from "@/ui/link";
import { PasswordField } from "@/ui/password-field";
import { codesOf, familyCalls, forgetInvitationFragment, readInvitationFragment, rememberUser } from "./family-api";
import { useDateText, useFamilyErrors } from "./family-text";

/**
 * The page an invitation e-mail opens: who invites, to what, with which role (first names
 * only, like the e-mail), then "sign in to accept" or "create my account". The token comes
 * in the address's fragment, is kept for this tab only and removed from the address bar.
 */
/** Where an accepted member goes next: the procedure itself, or the family space for a deal. */
export function acceptedHref(accepted: InvitationAccepted["data"]): string {
  return accepted.target_type === "administrative_procedure" ? paths.procedure(accepted.target_id) : paths.clientSpace();
}

const TAB_KEY = "paisible.invitation";

type Step =
  | { kind: "loading" }
  | { kind: "invalid"; codes: string[] }
  | { kind: "ready"; view: InvitationView; token: string }
  | { kind: "accepted"; accepted: InvitationAccepted };

/** What the link opens: the invitation as the server describes it, or why it cannot be used. */
function openInvitation(): Promise<Step> {
  const token = tokenOfThisTab();
  if (!token) return Promise.resolve({ kind: "invalid", codes: [] });
  return familyCalls()
    .readInvitation(token)
    .then((answer): Step => ({ kind: "ready", view: answer.data, token }))
    .catch((error: unknown): Step => ({ kind: "invalid", codes: codesOf(error) }));
}

function tokenOfThisTab(): string | null {
  const fromLink = readInvitationFragment(window.location.hash);
  forgetInvitationFragment();
  try {
    if (fromLink) window.sessionStorage.setItem(TAB_KEY, fromLink);
    return fromLink ?? window.sessionStorage.getItem(TAB_KEY);
  } catch {
    // Storage refused (private mode): the link itself still works once.
    return fromLink;
  }
}

function forgetToken(): void {
  try {
    window.sessionStorage.removeItem(TAB_KEY);
  } catch {
    // Nothing stored.
  }
}

export function InvitationAccept() {
  const t = useTranslations("Family");
  const errors = useFamilyErrors();
  const date = useDateText();
  const dispatch = useAppDispatch();
  const ready = useAppSelector(selectIsAuthReady);
  const user = useAppSelector(selectUser);
  const userType = useAppSelector(selectUserType);
  const [step, setStep] = useState<Step>({ kind: "loading" });
  const [codes, setCodes] = useState<string[]>([]);
  const [working, setWorking] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    void openInvitation().then((opened) => {
      if (!cancelled) setStep(opened);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (codes.length > 0) problemRef.current?.focus();
  }, [codes]);
  useEffect(() => {
    if (step.kind === "accepted") doneRef.current?.focus();
  }, [step.kind]);

  async function finish(run: () => Promise<InvitationAccepted>) {
    setCodes([]);
    setWorking(true);
    try {
      const accepted = await run();
      // Server-rendered pages of the family space read the session cookie.
      await familyCalls()
        .openCookieSession()
        .catch(() => undefined);
      forgetToken();
      setStep({ kind: "accepted", accepted });
    } catch (error) {
      setCodes(codesOf(error));
    } finally {
      setWorking(false);
    }
  }

  if (step.kind === "loading") {
    return (
      <p role="status" className="text-lg text-ink-soft">
        {t("accept.loading")}
      </p>
    );
  }
  if (step.kind === "invalid") {
    return (
      <Alert tone="error" title={t("accept.errorTitle")}>
        <p>{step.codes.length === 0 ? t("accept.noToken") : errors.many(step.codes).join(" ")}</p>
      </Alert>
    );
  }
  if (step.kind === "accepted") {
    return (
      <div ref={doneRef} tabIndex={-1} className="flex flex-col gap-5 outline-none">
        <Alert tone="success" title={t("accept.acceptedTitle")}>
          <p>{t("accept.accepted", { role: t(`roles.${step.accepted.data.role}`) })}</p>
        </Alert>
        <Link href={acceptedHref(step.accepted.data)} variant="standalone">
          {t("accept.open")}
        </Link>
      </div>
    );
  }

  const view = step.view;
  const inviter = view.inviter_firstname ?? t("accept.someone");
  const defunct = view.defunct_firstname ?? t("accept.yourRelative");
  const signedInClient = ready && user !== null && userType === "client";
  const acceptToken = step.token;

  async function signInAndAccept(values: SignInInput): Promise<InvitationAccepted> {
    const signed = await signIn("client", values);
    dispatch(signedIn({ user: signed, userType: "client" }));
    return familyCalls().acceptInvitation(acceptToken);
  }

  async function createAndAccept(values: InvitationAccountInput): Promise<InvitationAccepted> {
    const answer = await familyCalls().acceptInvitation(acceptToken, values);
    rememberUser(answer.user);
    if (answer.user) dispatch(signedIn({ user: answer.user, userType: "client" }));
    return answer;
  }

  const signInBlock = <SignInToAccept key="sign-in" working={working} onAccept={(values) => finish(() => signInAndAccept(values))} />;
  const createBlock = <CreateToAccept key="create" working={working} onAccept={(values) => finish(() => createAndAccept(values))} />;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2 rounded-md border border-line bg-surface p-4">
        <p className="text-lg">{t(`accept.intro.${view.target_type}`, { inviter, defunct })}</p>
        <p>
          <strong>{t("accept.role", { role: t(`roles.${view.role}`) })}</strong> {t(`roleHints.${view.role}`)}
        </p>
        <p className="text-base text-ink-soft">
          {t("accept.emailHint", { email: view.email_hint })} {t("accept.expires", { date: date(view.expires_at) })}
        </p>
      </div>

      {codes.length > 0 ? (
        <div ref={problemRef} tabIndex={-1} className="outline-none">
          <Alert tone="error" title={t("accept.errorTitle")}>
            <ul className="list-disc ps-5">
              {errors.many(codes).map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}

      {signedInClient ? (
        <div className="flex flex-col gap-3">
          <p>{t("accept.signedInAs", { email: String(user.email ?? "") })}</p>
          <div>
            <Button size="lg" loading={working} onClick={() => void finish(() => familyCalls().acceptInvitation(acceptToken))} className="w-full sm:w-auto">
              {working ? t("accept.working") : t("accept.acceptSubmit")}
            </Button>
          </div>
        </div>
      ) : view.has_account ? (
        [signInBlock, createBlock]
      ) : (
        [createBlock, signInBlock]
      )}
    </div>
  );
}

function SignInToAccept({ working, onAccept }: { working: boolean; onAccept: (values: SignInInput) => Promise<void> }) {
  const t = useTranslations("Family.accept");
  const errors = useFamilyErrors();
  const { register, handleSubmit, formState } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  return (
    <section aria-labelledby="invitation-sign-in" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Heading level={2} size="md" id="invitation-sign-in">
          {t("signInTitle")}
        </Heading>
        <p className="text-ink-soft">{t("signInIntro")}</p>
      </div>
      <form noValidate onSubmit={handleSubmit(onAccept)} className="flex flex-col gap-4">
        <Input label={t("email")} type="email" autoComplete="email" inputMode="email" required error={errors.one(formState.errors.email?.message)} {...register("email")} />
        <PasswordField
          label={t("password")}
          autoComplete="current-password"
          required
          showLabel={t("showPassword")}
          hideLabel={t("hidePassword")}
          error={errors.one(formState.errors.password?.message)}
          {...register("password")}
        />
        <div className="flex flex-col-reverse items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <Link href={authPaths.forgotPassword()} variant="standalone">
            {t("forgotPassword")}
          </Link>
          <Button type="submit" size="lg" loading={working || formState.isSubmitting} className="w-full sm:w-auto">
            {t("signInSubmit")}
          </Button>
        </div>
      </form>
    </section>
  );
}

function CreateToAccept({ working, onAccept }: { working: boolean; onAccept: (values: InvitationAccountInput) => Promise<void> }) {
  const t = useTranslations("Family.accept");
  const errors = useFamilyErrors();
  const { register, handleSubmit, formState } = useForm<InvitationAccountInput>({
    resolver: zodResolver(invitationAccountSchema),
    defaultValues: { firstname: "", lastname: "", password: "", password_confirmation: "" },
  });
  return (
    <section aria-labelledby="invitation-create" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Heading level={2} size="md" id="invitation-create">
          {t("createTitle")}
        </Heading>
        <p className="text-ink-soft">{t("createIntro")}</p>
      </div>
      <form noValidate onSubmit={handleSubmit(onAccept)} className="flex flex-col gap-4">
        <div className="flex flex-col gap-4 sm:flex-row">
          <Input label={t("firstname")} autoComplete="given-name" required error={errors.one(formState.errors.firstname?.message)} containerClassName="sm:flex-1" {...register("firstname")} />
          <Input label={t("lastname")} autoComplete="family-name" required error={errors.one(formState.errors.lastname?.message)} containerClassName="sm:flex-1" {...register("lastname")} />
        </div>
        <PasswordField
          label={t("newPassword")}
          hint={t("passwordHint")}
          autoComplete="new-password"
          required
          showLabel={t("showPassword")}
          hideLabel={t("hidePassword")}
          error={errors.one(formState.errors.password?.message)}
          {...register("password")}
        />
        <PasswordField
          label={t("passwordConfirmation")}
          autoComplete="new-password"
          required
          showLabel={t("showPassword")}
          hideLabel={t("hidePassword")}
          error={errors.one(formState.errors.password_confirmation?.message)}
          {...register("password_confirmation")}
        />
        <div>
          <Button type="submit" size="lg" loading={working || formState.isSubmitting} className="w-full sm:w-auto">
            {t("createSubmit")}
          </Button>
        </div>
      </form>
    </section>
  );
}
