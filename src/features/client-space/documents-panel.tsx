"use client";

import { useCallback, useId, useRef, useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { DOCUMENT_TYPES, type DocumentTypeCode } from "@/domain/document-types";
import { Alert } from "@/ui/alert";
import { Button, buttonClasses } from "@/ui/button";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import {
  codesOf,
  deleteDocument,
  listDocuments,
  listVersions,
  uploadDocument,
  uploadVersion,
  type DocumentOwnerType,
  type DocumentVersion,
  type SupportingDocument,
} from "./space-calls";
import { useSpaceErrors } from "./space-errors";
import { daysUntil, formatDay, formatTimestamp } from "./space-format";
import { LoadedView } from "./space-ui";
import { useLoad } from "./use-load";

const ACCEPT = "application/pdf,image/jpeg,image/png,image/heic,image/heif,image/webp";
const EXPIRING = new Set<string>(DOCUMENT_TYPES.filter((type) => type.expires).map((type) => type.code));

function useTypeName() {
  const t = useTranslations("DocumentTypes");
  return (code: string) => (t.has(code) ? t(code) : code);
}

/**
 * The documents of one owner (the procedure, or one formality): each with its type, dates,
 * reference, versions and a download link; an upload form for those who may add (a photo
 * from the phone's camera or a file). The server checks every file by its content; its
 * reason for a refusal is shown next to the file field.
 */
export function DocumentsPanel({
  owner,
  ownerId,
  canWrite,
  suggestedTypes,
  headingLevel = 3,
}: {
  owner: DocumentOwnerType;
  ownerId: number;
  canWrite: boolean;
  /** The types this owner asks for (a company's formality), offered first. */
  suggestedTypes?: readonly string[];
  headingLevel?: 3 | 4;
}) {
  const t = useTranslations("ClientSpace.documents");
  const load = useCallback(() => listDocuments(owner, ownerId), [owner, ownerId]);
  const [loaded, reload] = useLoad(load);
  const typeName = useTypeName();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const missing = loaded.state === "ready" && suggestedTypes ? suggestedTypes.filter((code) => !loaded.value.some((d) => d.document_type === code)) : [];

  return (
    <div className="flex flex-col gap-4">
      <LoadedView loaded={loaded} retry={() => void reload()}>
        {(documents) =>
          documents.length === 0 ? (
            <p className="text-ink-soft">{t("none")}</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t("listLabel")}>
              {documents.map((document) => (
                <li key={document.id}>
                  <DocumentRow document={document} owner={owner} ownerId={ownerId} canWrite={canWrite} onChanged={reload} />
                </li>
              ))}
            </ul>
          )
        }
      </LoadedView>
      {missing.length > 0 ? (
        <p className="text-ink-soft">
          {t("asked")} {missing.map(typeName).join(", ")}
        </p>
      ) : null}
      {canWrite ? (
        <details className="rounded-md border border-line p-4 open:bg-sand-50">
          <summary className="cursor-pointer font-semibold text-primary">
            <Heading className="inline">{t("addTitle")}</Heading>
          </summary>
          <UploadForm owner={owner} ownerId={ownerId} suggestedTypes={suggestedTypes} onUploaded={reload} />
        </details>
      ) : null}
    </div>
  );
}

function DocumentRow({
  document,
  owner,
  ownerId,
  canWrite,
  onChanged,
}: {
  document: SupportingDocument;
  owner: DocumentOwnerType;
  ownerId: number;
  canWrite: boolean;
  onChanged: () => Promise<void>;
}) {
  const t = useTranslations("ClientSpace.documents");
  const locale = useLocale();
  const typeName = useTypeName();
  const errors = useSpaceErrors();
  const [versions, setVersions] = useState<DocumentVersion[] | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const days = document.expiry_date ? daysUntil(document.expiry_date) : null;

  async function showVersions() {
    try {
      setVersions(await listVersions(document.id));
    } catch (error) {
      setCodes(codesOf(error));
    }
  }

  async function replace(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setCodes([]);
    try {
      await uploadVersion(document.id, file);
      await onChanged();
      if (versions) await showVersions();
    } catch (error) {
      setCodes(codesOf(error));
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  async function remove() {
    if (!window.confirm(t("deleteConfirm", { name: typeName(document.document_type) }))) return;
    setBusy(true);
    try {
      await deleteDocument(owner, ownerId, document.id);
      await onChanged();
    } catch (error) {
      setCodes(codesOf(error));
      setBusy(false);
    }
  }

  return (
    <article className="flex flex-col gap-2 rounded-md border border-line-strong p-4" aria-label={typeName(document.document_type)}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-ink">{typeName(document.document_type)}</p>
        {document.file_name ? (
          <p className="min-w-0 break-all text-ink-soft" dir="ltr">
            {document.file_name}
          </p>
        ) : null}
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-ink-soft sm:grid-cols-[auto_1fr]">
        {document.issue_date ? (
          <>
            <dt>{t("issued")}</dt>
            <dd className="text-ink">{formatDay(document.issue_date, locale)}</dd>
          </>
        ) : null}
        {document.expiry_date ? (
          <>
            <dt>{t("expires")}</dt>
            <dd className={days !== null && days < 0 ? "font-semibold text-danger" : days !== null && days <= 60 ? "font-semibold text-warning" : "text-ink"}>
              {formatDay(document.expiry_date, locale)}
              {days !== null && days < 0 ? ` · ${t("expired")}` : days !== null && days <= 60 ? ` · ${t("expiresSoon")}` : ""}
            </dd>
          </>
        ) : null}
        {document.reference ? (
          <>
            <dt>{t("reference")}</dt>
            <dd className="text-ink" dir="ltr">
              {document.reference}
            </dd>
          </>
        ) : null}
        <dt>{t("added")}</dt>
        <dd className="text-ink">{formatTimestamp(document.updated_at ?? document.created_at, locale)}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <a href={document.download_url} className={buttonClasses({ variant: "secondary" })} download>
          {t("download")}
          <span className="sr-only"> – {typeName(document.document_type)}</span>
        </a>
        {versions === null ? (
          <Button variant="ghost" onClick={() => void showVersions()}>
            {t("showVersions")}
          </Button>
        ) : null}
        {canWrite ? (
          <>
            <label className={buttonClasses({ variant: "ghost" })}>
              {busy ? t("uploading") : t("newVersion")}
              <span className="sr-only"> – {typeName(document.document_type)}</span>
              <input ref={fileRef} type="file" accept={ACCEPT} className="sr-only" disabled={busy} onChange={(event) => void replace(event.target.files?.[0])} />
            </label>
            <Button variant="ghost" onClick={() => void remove()} disabled={busy}>
              {t("delete")}
              <span className="sr-only"> – {typeName(document.document_type)}</span>
            </Button>
          </>
        ) : null}
      </div>
      {versions !== null ? (
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-ink">{t("versionsTitle", { count: versions.length })}</p>
          <ol className="flex flex-col gap-1">
            {versions.map((version, index) => (
              <li key={version.id} className="flex flex-wrap items-center gap-2">
                <span className="text-ink-soft">
                  {index === 0 ? t("currentVersion") : t("olderVersion")} · {formatTimestamp(version.created_at, locale)}
                </span>
                <a href={version.download_url} className="font-medium text-primary underline" download>
                  {t("downloadVersion")}
                  <span className="sr-only"> {formatTimestamp(version.created_at, locale)}</span>
                </a>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {codes.length > 0 ? (
        <Alert tone="error" title={t("failed")}>
          <p>{errors.many(codes).join(" ")}</p>
        </Alert>
      ) : null}
    </article>
  );
}

/** A new document: its type, the file (camera or file), and the dates an identity paper has. */
export function UploadForm({
  owner,
  ownerId,
  suggestedTypes,
  onUploaded,
}: {
  owner: DocumentOwnerType;
  ownerId: number;
  suggestedTypes?: readonly string[];
  onUploaded: () => Promise<void>;
}) {
  const t = useTranslations("ClientSpace.documents");
  const typeName = useTypeName();
  const errors = useSpaceErrors();
  const id = useId();
  const [type, setType] = useState<string>(suggestedTypes?.[0] ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [expiry, setExpiry] = useState("");
  const [issue, setIssue] = useState("");
  const [reference, setReference] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ type?: string; file?: string; expiry?: string; issue?: string; reference?: string }>({});
  const [codes, setCodes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileErrorId = `${id}-file-error`;

  const suggested = new Set(suggestedTypes ?? []);
  const ordered = [...DOCUMENT_TYPES.filter((d) => suggested.has(d.code)), ...DOCUMENT_TYPES.filter((d) => !suggested.has(d.code))];

  function pick(picked: File | undefined) {
    setFile(picked ?? null);
    setDone(null);
    setFieldErrors((e) => ({ ...e, file: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: typeof fieldErrors = {};
    if (!type) missing.type = t("typeRequired");
    if (!file) missing.file = t("fileRequired");
    setFieldErrors(missing);
    setCodes([]);
    if (missing.type || missing.file || !file) return;
    setBusy(true);
    try {
      await uploadDocument(owner, ownerId, {
        file,
        document_type: type,
        expiry_date: EXPIRING.has(type) ? expiry : undefined,
        issue_date: issue || undefined,
        reference: reference.trim() || undefined,
      });
      setDone(t("uploaded", { name: typeName(type) }));
      setFile(null);
      setExpiry("");
      setIssue("");
      setReference("");
      if (cameraRef.current) cameraRef.current.value = "";
      if (fileRef.current) fileRef.current.value = "";
      await onUploaded();
    } catch (error) {
      const found = codesOf(error);
      // Field codes of the upload (supporting_document__<field>__<problem>) sit next to their field.
      const byField: typeof fieldErrors = {};
      const rest: string[] = [];
      for (const code of found) {
        const field = code.split("__")[1];
        if (field === "file") byField.file = errors.one(code);
        else if (field === "document_type") byField.type = errors.one(code);
        else if (field === "expiry_date") byField.expiry = errors.one(code);
        else if (field === "issue_date") byField.issue = errors.one(code);
        else if (field === "reference") byField.reference = errors.one(code);
        else rest.push(code);
      }
      setFieldErrors(byField);
      setCodes(rest);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-4">
      <Select label={t("type")} required placeholder={t("choose")} value={type} onChange={(event) => setType(event.target.value)} error={fieldErrors.type}>
        {ordered.map((d) => (
          <option key={d.code} value={d.code}>
            {typeName(d.code as DocumentTypeCode)}
          </option>
        ))}
      </Select>
      <fieldset className="flex flex-col gap-2" aria-describedby={fieldErrors.file ? fileErrorId : undefined}>
        <legend className="mb-1 font-semibold text-ink">
          {t("file")}
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        </legend>
        <p className="text-base text-ink-soft">{t("fileHint")}</p>
        {fieldErrors.file ? (
          <p id={fileErrorId} className="font-semibold text-danger">
            {fieldErrors.file}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <label className={buttonClasses({ variant: "secondary", className: "cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary" })}>
            {t("takePhoto")}
            <input ref={cameraRef} type="file" accept="image/*" capture="environment" className="sr-only" onChange={(event) => pick(event.target.files?.[0])} />
          </label>
          <label className={buttonClasses({ variant: "secondary", className: "cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary" })}>
            {t("chooseFile")}
            <input ref={fileRef} type="file" accept={ACCEPT} className="sr-only" data-testid="document-file" onChange={(event) => pick(event.target.files?.[0])} />
          </label>
        </div>
        <p aria-live="polite" className="min-w-0 break-all text-ink" dir="auto">
          {file ? t("picked", { name: file.name }) : ""}
        </p>
      </fieldset>
      {EXPIRING.has(type) ? <Input type="date" label={t("expiryDate")} value={expiry} onChange={(e) => setExpiry(e.target.value)} error={fieldErrors.expiry} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input type="date" label={t("issueDate")} value={issue} onChange={(e) => setIssue(e.target.value)} error={fieldErrors.issue} />
        <Input label={t("referenceLabel")} value={reference} onChange={(e) => setReference(e.target.value)} error={fieldErrors.reference} autoComplete="off" />
      </div>
      {codes.length > 0 ? (
        <Alert tone="error" title={t("failed")}>
          <p>{errors.many(codes).join(" ")}</p>
        </Alert>
      ) : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      <Button type="submit" loading={busy} className="w-full sm:w-auto sm:self-start">
        {t("upload")}
      </Button>
    </form>
  );
}
