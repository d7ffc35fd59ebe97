"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { loginPath, paths } from "@/config/paths";
import { CIVILITIES, FUNNEL_CONTACT_CHANNELS, funnelClientSchema, type FunnelClientInput } from "@/domain/schemas/funeral-quote";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Input } from "@/ui/input";
import { RadioCards } from "@/ui/radio-cards";
import { Select } from "@/ui/select";
import { EMPTY_CONTACT, type ContactDraft } from "./funnel-flow";

/**
 * The last screen: who we send the quote to and how they want to be reached. The same
 * schema as the API checks it, so an error reads the same here and from the server.
 * What is typed goes into the draft at once, so a reload or a lost connection keeps it.
 */

/** The form holds plain strings; empty optional fields become null for the schema. */
export const contactFormSchema = z.preprocess((value) => {
  const v = (value ?? {}) as Record<string, unknown>;
  return { ...v, civility: v.civility || null, phone: v.phone || null, contact_channel: v.contact_channel || undefined };
}, funnelClientSchema);

export interface ContactStepProps {
  contact: ContactDraft;
  onContactChange: (contact: ContactDraft) => void;
  onSubmit: (client: FunnelClientInput) => void;
  submitting: boolean;
  /** Codes the server answered (client__email__taken…). */
  serverCodes: string[];
  /** Where to come back to after signing in (this funnel, on this screen). */
  returnTo: string;
  question: string;
}

export function ContactStep({ contact, onContactChange, onSubmit, submitting, serverCodes, returnTo, question }: ContactStepProps) {
  const t = useTranslations("Quote.funnel.contact");
  const te = useTranslations("Quote.errors");
  const form = useForm<ContactDraft, unknown, FunnelClientInput>({
    resolver: zodResolver(contactFormSchema as never) as never,
    defaultValues: contact,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, handleSubmit, formState, control, subscribe } = form;
  const alertRef = useRef<HTMLDivElement>(null);
  const onContactChangeRef = useRef(onContactChange);

  useEffect(() => {
    onContactChangeRef.current = onContactChange;
  }, [onContactChange]);

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => onContactChangeRef.current({ ...EMPTY_CONTACT, ...(values as Partial<ContactDraft>) }),
      }),
    [subscribe],
  );

  useEffect(() => {
    if (serverCodes.length > 0) alertRef.current?.focus();
  }, [serverCodes]);

  const message = (code: string | undefined) =>
    code ? (te.has(code) ? te(code) : code.endsWith("__invalid_characters") ? te("invalid_characters") : te("unhandled")) : undefined;
  const errors = formState.errors;
  const channel = useWatch({ control, name: "contact_channel" });
  const emailTaken = serverCodes.includes("client__email__taken");
  // The deal already has an owner: only they, signed in, change who the family is.
  const signInRequired = serverCodes.includes("deal__client__sign_in_required");

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5" aria-label={question}>
      {serverCodes.length > 0 ? (
        <div ref={alertRef} tabIndex={-1} className="outline-none">
          {emailTaken || signInRequired ? (
            <Alert tone="info" title={t(emailTaken ? "emailTakenTitle" : "signInRequiredTitle")}>
              <p>{t(emailTaken ? "emailTakenText" : "signInRequiredText")}</p>
              <p className="mt-2">
                <a href={loginPath({ returnTo })} className="font-semibold text-primary underline">
                  {t("signIn")}
                </a>
              </p>
            </Alert>
          ) : (
            <Alert tone="error" title={t("errorTitle")}>
              <ul>
                {serverCodes.map((code) => (
                  <li key={code}>{message(code)}</li>
                ))}
              </ul>
            </Alert>
          )}
        </div>
      ) : null}
      <Select
        label={t("civility")}
        options={[{ value: "", label: t("civilityNone") }, ...CIVILITIES.map((c) => ({ value: c, label: t(`civilities.${c === "Mme" ? "mrs" : "mr"}`) }))]}
        {...register("civility")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label={t("firstname")} autoComplete="given-name" required maxLength={100} error={message(errors.firstname?.message)} {...register("firstname")} />
        <Input label={t("lastname")} autoComplete="family-name" required maxLength={100} error={message(errors.lastname?.message)} {...register("lastname")} />
      </div>
      <Input
        label={t("email")}
        hint={t("emailHint")}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={254}
        error={message(errors.email?.message)}
        {...register("email")}
      />
      <Input
        label={t("phone")}
        hint={t("phoneHint")}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required={channel !== "email"}
        maxLength={40}
        error={message(errors.phone?.message)}
        {...register("phone")}
      />
      <Controller
        control={control}
        name="contact_channel"
        render={({ field }) => (
          <RadioCards
            name={field.name}
            legend={t("channel")}
            hint={t("channelHint")}
            value={field.value || null}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            columns={3}
            required
            error={message(errors.contact_channel?.message)}
            options={FUNNEL_CONTACT_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`), description: t(`channelsHint.${c}`) }))}
          />
        )}
      />
      <Checkbox
        label={t.rich("consent", {
          privacy: (chunks) => (
            <a href={paths.legal("politique-de-confidentialite")} className="font-semibold text-primary underline" target="_blank" rel="noopener">
              {chunks}
            </a>
          ),
        })}
        error={message(errors.consent?.message)}
        {...register("consent")}
      />
      <p className="text-ink-soft">{t("noPressure")}</p>
      <div>
        <Button type="submit" size="lg" loading={submitting}>
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
