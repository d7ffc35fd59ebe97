"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { DOCUMENT_TYPE_CODES } from "@/domain/document-types";
import { DOCUMENT_INPUT_ACCEPT, MAX_DOCUMENT_BYTES } from "@/domain/supporting-documents";
import { Alert } from "@/ui/alert";
import { Button } from "@/ui/button";
import { FileField } from "@/ui/file-field";
import { Input } from "@/ui/input";
import { Select } from "@/ui/select";
import { uploadDocument } from "./deal-documents-calls";
import { useAction, usePanelText } from "./use-panel-text";

/**
 * Adds a file to the deal: type and name are optional. The size is checked before sending
 * (FileField), the content by the server; a refusal says why and keeps the type and name typed.
 */
export function UploadForm({ dealId, onUploaded }: { dealId: number; onUploaded(): void }) {
  const { t } = usePanelText();
  const types = useTranslations("DocumentTypes");
  const errors = useTranslations("Errors");
  const [file, setFile] = useState<File | null>(null);
  const [documentType, setDocumentType] = useState("");
  const [name, setName] = useState("");
  const [formKey, setFormKey] = useState(0);
  const action = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      action.setError(t("upload.missingFile"));
      return;
    }
    const done = await action.run(
      () => uploadDocument(dealId, file, { document_type: documentType || undefined, name: name.trim() || undefined }),
      (created) => t("upload.done", { name: created.name }),
    );
    if (done) {
      setFile(null);
      setName("");
      setDocumentType("");
      setFormKey((k) => k + 1);
      onUploaded();
    }
  };

  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-4" noValidate aria-labelledby="deal-documents-upload-heading">
      <h4 id="deal-documents-upload-heading" className="font-semibold">
        {t("upload.heading")}
      </h4>
      <FileField
        key={formKey}
        label={t("upload.file")}
        hint={t("upload.hint")}
        error={action.error}
        takePhotoLabel={t("upload.takePhoto")}
        chooseFileLabel={t("upload.chooseFile")}
        tooLargeMessage={errors("supporting_document__file__too_large")}
        accept={DOCUMENT_INPUT_ACCEPT}
        maxBytes={MAX_DOCUMENT_BYTES}
        onFile={setFile}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t("upload.type")}
          value={documentType}
          onChange={(e) => setDocumentType(e.target.value)}
          placeholder={t("upload.typePlaceholder")}
          options={DOCUMENT_TYPE_CODES.map((code) => ({ value: code, label: types.has(code) ? types(code) : code }))}
        />
        <Input label={t("upload.name")} value={name} maxLength={160} onChange={(e) => setName(e.target.value)} />
      </div>
      {action.notice ? <Alert tone="success">{action.notice}</Alert> : null}
      <div>
        <Button type="submit" disabled={action.busy}>
          {action.busy ? t("upload.uploading") : t("upload.submit")}
        </Button>
      </div>
    </form>
  );
}
