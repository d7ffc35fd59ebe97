"use client";

import { useEffect, useRef, useState } from "react";
import { useForm, type FieldPath, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MAIL_TEMPLATES, mailRedactionInputSchema, type MailRedaction, type MailRedactionInput } from "@/domain/schemas/chat";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { draftLetter } from "./assistant-calls";
import type { Translate } from "./assistant-text";
import { copyText } from "./copy-text";
import { showFailure } from "./form-failure";

/** The letter's fields, grouped as the family thinks of them: themselves, the person who died, the recipient. */
const GROUPS = {
  sender: ["sender_name", "relationship", "sender_address", "sender_email", "sender_phone", "place"],
  deceased: ["deceased_name", "deceased_birth_date", "date_of_death"],
  recipient: ["recipient_name", "recipient_address", "reference"],
} as const;
const FIELDS = Object.values(GROUPS).flat();
type LetterField = (typeof FIELDS)[number];
const OPTIONAL: readonly LetterField[] = ["relationship", "sender_email", "sender_phone", "deceased_birth_date", "recipient_address", "reference", "place"];
const MULTILINE: readonly LetterField[] = ["sender_address", "recipient_address"];
const INPUT_TYPES: Partial<Record<LetterField, { type: string; autoComplete?: string }>> = {
  sender_name: { type: "text", autoComplete: "name" },
  sender_email: { type: "email", autoComplete: "email" },
  sender_phone: { type: "tel", autoComplete: "tel" },
  deceased_birth_date: { type: "date" },
  date_of_death: { type: "date" },
  place: { type: "text", autoComplete: "address-level2" },
};

/** What the form holds: every field as typed ("" for nothing yet). */
export type LetterValues = { template: string; fields: Record<LetterField, string> };

const EMPTY: LetterValues = { template: "", fields: Object.fromEntries(FIELDS.map((field) => [field, ""])) as Record<LetterField, string> };

/** Blank optional answers are "not given" (null) for the shared schema; the page's language rides along for the notice. */
function toInput(values: LetterValues, locale: string): MailRedactionInput {
  const fields = Object.fromEntries(FIELDS.map((field) => [field, OPTIONAL.includes(field) && values.fields[field].trim() === "" ? null : values.fields[field]]));
  return { template: values.template, locale, fields } as MailRedactionInput;
}

/** `mail_redaction__sender_name__blank` → fields.sender_name; the template's own code → template. */
function fieldOfCode(code: string): FieldPath<LetterValues> | null {
  const field = code.split("__")[1];
  if (field === "template") return "template";
  return field && (FIELDS as readonly string[]).includes(field) ? (`fields.${field}` as FieldPath<LetterValues>) : null;
}

const schemaResolver = zodResolver(mailRedactionInputSchema);

/** The letter's form and its result, held by the panel so switching modes or closing keeps them. */
export function useLetter(locale: string) {
  // The shared schema judges what would be sent; the form keeps its values as typed.
  const resolver: Resolver<LetterValues> = async (values, context, options) => {
    const checked = await schemaResolver(toInput(values, locale), context, options as never);
    return Object.keys(checked.errors).length > 0 ? { values: {}, errors: checked.errors as never } : { values, errors: {} };
  };
  const form = useForm<LetterValues>({ defaultValues: EMPTY, resolver, mode: "onSubmit", reValidateMode: "onBlur" });
  const [letter, setLetter] = useState<MailRedaction | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);
  return { form, letter, setLetter, failure, setFailure };
}

type Letter = ReturnType<typeof useLetter>;

export function LetterView({ letter, locale, t, errorText }: { letter: Letter; locale: string; t: Translate; errorText: (code: string) => string }) {
  const { form, setLetter, setFailure } = letter;
  const { register, handleSubmit, formState, setError, watch } = form;
  const [copied, setCopied] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (letter.letter) heading.current?.focus();
  }, [letter.letter]);
  const template = watch("template");

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      setLetter(await draftLetter(toInput(values, locale)));
      setCopied("");
    } catch (error) {
      showFailure(error, fieldOfCode, (field, code) => setError(field, { message: code }, { shouldFocus: true }), setFailure);
    }
  });

  if (letter.letter) {
    const result = letter.letter;
    const whole = `${result.subject}\n\n${result.body}`;
    return (
      <section aria-labelledby="assistant-letter-title" className="flex flex-col gap-3">
        {/* Focus moves to the letter once written, so it is read out and the panel shows it from its start. */}
        <h3 id="assistant-letter-title" tabIndex={-1} ref={heading} className="font-sans text-lg font-semibold outline-none">
          {t("letter.resultTitle")}
        </h3>
        <p className="text-sm text-ink-soft">{t("mail.notice")}</p>
        <div className="rounded-md border border-line bg-surface p-4" lang="fr" dir="ltr">
          <p className="font-semibold">{result.subject}</p>
          <p className="mt-3 whitespace-pre-wrap break-words">{result.body}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            onClick={async () => {
              setCopied((await copyText(whole)) ? t("letter.copied") : t("answer.copyFailed"));
            }}
          >
            {t("letter.copy")}
          </Button>
          <Button variant="secondary" onClick={() => setLetter(null)}>
            {t("letter.edit")}
          </Button>
          <p role="status" className="text-sm text-ink-soft">
            {copied}
          </p>
        </div>
      </section>
    );
  }

  const fieldError = (field: LetterField) => {
    const message = formState.errors.fields?.[field]?.message;
    return message ? errorText(message) : undefined;
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p>{t("letter.intro")}</p>
      <p className="text-sm text-ink-soft">{t("mail.notice")}</p>
      <Select
        label={t("letter.template")}
        placeholder={t("letter.templatePlaceholder")}
        required
        options={MAIL_TEMPLATES.map((value) => ({ value, label: t(`mail.templates.${value}.name`) }))}
        error={formState.errors.template?.message ? errorText(formState.errors.template.message) : undefined}
        {...register("template")}
      />
      {Object.entries(GROUPS).map(([group, fields]) => (
        <fieldset key={group} className="flex flex-col gap-4 border-t border-line pt-4">
          <legend className="float-start mb-1 w-full font-sans text-lg font-semibold">{t(`letter.groups.${group}`)}</legend>
          {fields.map((field: LetterField) => {
            const label = field === "reference" && template ? t(`mail.templates.${template}.reference`) : t(`mail.fields.${field}`);
            const common = { label, required: !OPTIONAL.includes(field), error: fieldError(field), ...register(`fields.${field}`) };
            return MULTILINE.includes(field) ? (
              <Textarea key={field} rows={3} autoComplete={field === "sender_address" ? "street-address" : undefined} {...common} />
            ) : (
              <Input key={field} type={INPUT_TYPES[field]?.type ?? "text"} autoComplete={INPUT_TYPES[field]?.autoComplete} {...common} />
            );
          })}
        </fieldset>
      ))}
      {letter.failure ? <Alert tone="error">{letter.failure.map(errorText).join(" ")}</Alert> : null}
      <Button type="submit" loading={formState.isSubmitting}>
        {t("letter.submit")}
      </Button>
    </form>
  );
}
