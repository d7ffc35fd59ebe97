"use client";

import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ADVISOR_PHONE, ADVISOR_PHONE_E164 } from "@/config/brand";
import { leadInputSchema, type LeadInput } from "@/domain/schemas/lead";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { PhoneIcon } from "@/ui/phone-icon";
import { Textarea } from "@/ui/textarea";
import { requestCallBack } from "./assistant-calls";
import type { Translate } from "./assistant-text";
import { showFailure } from "./form-failure";

export type CallBackValues = { firstname: string; lastname: string; phone: string; message: string };
const FIELDS = ["firstname", "lastname", "phone", "message"] as const;
const EMPTY: CallBackValues = { firstname: "", lastname: "", phone: "", message: "" };

/** A call-back by phone, the channel the family chose here (the advisor must use only that one). */
function toLead(values: CallBackValues): Record<string, unknown> {
  const blankToNull = (value: string) => (value.trim() === "" ? null : value);
  return { kind: "other", contact_channel: "phone", lastname: values.lastname, firstname: blankToNull(values.firstname), phone: blankToNull(values.phone), message: blankToNull(values.message) };
}

/** `lead__lastname__blank` → lastname; the phone format's own code → phone. */
function fieldOfCode(code: string): keyof CallBackValues | null {
  if (code.startsWith("phone__")) return "phone";
  const field = code.split("__")[1];
  return field && (FIELDS as readonly string[]).includes(field) ? (field as keyof CallBackValues) : null;
}

const schemaResolver = zodResolver(leadInputSchema);
const resolver: Resolver<CallBackValues> = async (values, context, options) => {
  const checked = await schemaResolver(toLead(values) as never, context, options as never);
  return Object.keys(checked.errors).length > 0 ? { values: {}, errors: checked.errors as never } : { values, errors: {} };
};

/** The call-back form and what became of it, held by the panel so switching modes or closing keeps them. */
export function useCallBack() {
  const form = useForm<CallBackValues>({ defaultValues: EMPTY, resolver, mode: "onSubmit", reValidateMode: "onBlur" });
  const [sent, setSent] = useState<{ phone: string } | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  /** Offers the family's last question as the call-back's subject, unless they already wrote one (they may change or remove it). */
  const offer = (question: string | null) => {
    if (question && form.getValues("message").trim() === "") form.setValue("message", question);
  };
  return { form, sent, setSent, failure, setFailure, offer };
}

type CallBack = ReturnType<typeof useCallBack>;

export function AdvisorView({ callBack, t, errorText }: { callBack: CallBack; t: Translate; errorText: (code: string) => string }) {
  const { form, sent, setSent, failure, setFailure } = callBack;
  const { register, handleSubmit, formState, setError } = form;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await requestCallBack(toLead(values) as LeadInput);
      setSent({ phone: values.phone });
    } catch (error) {
      showFailure(error, fieldOfCode, (field, code) => setError(field, { message: code }, { shouldFocus: true }), setFailure);
    }
  });

  const fieldError = (field: keyof CallBackValues) => {
    const message = formState.errors[field]?.message;
    return message ? errorText(message) : undefined;
  };

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="assistant-call-title" className="rounded-lg border border-line bg-paper p-4">
        <h3 id="assistant-call-title" className="font-sans text-lg font-semibold">
          {t("advisor.callTitle")}
        </h3>
        <p className="mt-1 text-ink-soft">{t("advisor.callText")}</p>
        <a
          href={`tel:${ADVISOR_PHONE_E164}`}
          aria-label={t("advisor.callAria", { phone: ADVISOR_PHONE })}
          className="mt-3 inline-flex min-h-12 items-center gap-2 rounded-md bg-primary px-5 text-lg font-semibold text-on-primary no-underline hover:bg-primary-hover"
        >
          <PhoneIcon />
          <span dir="ltr">{ADVISOR_PHONE}</span>
        </a>
      </section>

      <section aria-labelledby="assistant-callback-title" className="flex flex-col gap-3">
        <h3 id="assistant-callback-title" className="font-sans text-lg font-semibold">
          {t("advisor.callBackTitle")}
        </h3>
        {sent ? (
          <Alert tone="success" title={t("advisor.sentTitle")}>
            {t("advisor.sentText", { phone: sent.phone })}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <p className="text-ink-soft">{t("advisor.callBackText")}</p>
            <Input label={t("advisor.fields.lastname")} required autoComplete="family-name" error={fieldError("lastname")} {...register("lastname")} />
            <Input label={t("advisor.fields.firstname")} autoComplete="given-name" error={fieldError("firstname")} {...register("firstname")} />
            <Input label={t("advisor.fields.phone")} required type="tel" autoComplete="tel" hint={t("advisor.phoneHint")} error={fieldError("phone")} {...register("phone")} />
            <Textarea label={t("advisor.fields.message")} rows={3} error={fieldError("message")} {...register("message")} />
            <p className="text-sm text-ink-soft">{t("advisor.privacy")}</p>
            {failure ? <Alert tone="error">{failure.map(errorText).join(" ")}</Alert> : null}
            <Button type="submit" loading={formState.isSubmitting}>
              {t("advisor.submit")}
            </Button>
          </form>
        )}
      </section>
    </div>
  );
}
