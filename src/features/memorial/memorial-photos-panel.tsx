"use client";

import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { MEMORIAL_LIMITS, type Memorial, type MemorialPhoto } from "@/domain/schemas/memorial";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { memorialCalls } from "./memorial-calls";
import { ConfirmButton, Panel, RefusalLine, StatusBadge, useCall } from "./memorial-ui";
import { PhotoInput, UploadProgress } from "./photo-input";
import { ResponsivePhoto } from "./responsive-photo";
import { refusalOf, useRefusalText, type Refusal } from "./memorial-errors";

/** The family's upload: a picture (camera or library) and its caption, with the upload's progress. */
function PhotoUpload({ dealId, onAdded }: { dealId: number; onAdded: () => Promise<void> }) {
  const t = useTranslations("Memorial.photos");
  const refusalText = useRefusalText();
  const progressId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [caption, setCaption] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [added, setAdded] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setMissing(!file);
    setAdded(false);
    if (!file) return;
    setRefusal(null);
    setProgress(0);
    try {
      await memorialCalls.addPhoto(dealId, file, caption, setProgress);
      setFile(null);
      setFileKey((key) => key + 1);
      setCaption("");
      setAdded(true);
      await onAdded();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setProgress(null);
    }
  }

  const general = refusalText(refusal, undefined, ["file", "caption"]);
  return (
    <form onSubmit={send} className="flex flex-col gap-4 rounded-md border border-line p-4" noValidate data-testid="memorial-photo-upload">
      <PhotoInput key={fileKey} label={t("file")} required onFile={setFile} error={(missing ? t("fileMissing") : refusalText(refusal, "file")) || undefined} />
      <Input label={t("caption")} value={caption} onChange={(e) => setCaption(e.target.value)} maxLength={MEMORIAL_LIMITS.caption} error={refusalText(refusal, "caption") || undefined} />
      <UploadProgress fraction={progress} id={progressId} />
      {general ? (
        <p role="alert" className="font-semibold text-danger" data-testid="memorial-photo-refused">
          {general}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={progress !== null}>
          {t("add")}
        </Button>
        <p role="status" className="text-ink-soft">
          {added ? t("added") : ""}
        </p>
      </div>
    </form>
  );
}

/**
 * The gallery as the family runs it: add, choose the main photo, order, approve or hide a
 * visitor's photo, delete (the files go with it). Readers see it without the controls.
 */
export function MemorialPhotosPanel({ memorial, reload }: { memorial: Memorial; reload: () => Promise<void> }) {
  const t = useTranslations("Memorial.photos");
  const call = useCall();
  const dealId = memorial.deal_id;
  const photos = memorial.photos;
  const full = photos.length >= MEMORIAL_LIMITS.photos;

  const act = (action: () => Promise<unknown>) => void call.run(action).then((ok) => (ok ? reload() : undefined));
  const move = (index: number, by: -1 | 1) => {
    const order = photos.map((p) => p.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    act(() => memorialCalls.orderPhotos(dealId, order));
  };

  return (
    <Panel id="memorial-photos-panel" title={t("title")} intro={memorial.can_edit ? t("intro", { max: MEMORIAL_LIMITS.photos }) : undefined}>
      {memorial.can_edit && !full ? <PhotoUpload dealId={dealId} onAdded={reload} /> : null}
      {full ? <p className="text-ink-soft">{t("full", { max: MEMORIAL_LIMITS.photos })}</p> : null}
      <RefusalLine refusal={call.refusal} />
      {photos.length === 0 ? (
        <p className="text-ink-soft">{t("none")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {photos.map((photo, index) => (
            <PhotoCard key={photo.id} photo={photo} memorial={memorial} first={index === 0} last={index === photos.length - 1} busy={call.busy} onMove={(by) => move(index, by)} act={act} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function PhotoCard({ photo, memorial, first, last, busy, onMove, act }: { photo: MemorialPhoto; memorial: Memorial; first: boolean; last: boolean; busy: boolean; onMove: (by: -1 | 1) => void; act: (action: () => Promise<unknown>) => void }) {
  const t = useTranslations("Memorial.photos");
  const dealId = memorial.deal_id;
  const isCover = memorial.cover_photo_id === photo.id;
  const label = photo.caption ?? t("photoNumber", { number: photo.position + 1 });
  return (
    <li className="flex flex-col gap-2 rounded-md border border-line p-3" data-testid="memorial-family-photo">
      <ResponsivePhoto photo={photo} alt={photo.caption ?? t("photoAlt", { name: memorial.display_name })} sizes="(min-width: 640px) 320px, 90vw" className="aspect-[4/3] rounded" />
      <div className="flex flex-wrap items-center gap-2">
        {photo.status !== "published" ? <StatusBadge status={photo.status} /> : null}
        {isCover ? <span className="font-semibold text-primary">{t("isCover")}</span> : null}
      </div>
      {photo.caption ? <p dir="auto">{photo.caption}</p> : null}
      {photo.author_name ? <p className="text-base text-ink-soft">{t("by", { name: photo.author_name })}</p> : null}
      {memorial.can_edit ? (
        <div className="flex flex-wrap gap-2">
          {photo.status !== "published" ? (
            <Button variant="primary" disabled={busy} onClick={() => act(() => memorialCalls.updatePhoto(dealId, photo.id, { status: "published" }))} aria-label={t("approveLabel", { photo: label })}>
              {t("approve")}
            </Button>
          ) : null}
          {photo.status === "published" && !isCover ? (
            <Button variant="secondary" disabled={busy} onClick={() => act(() => memorialCalls.update(dealId, { cover_photo_id: photo.id }))} aria-label={t("makeCoverLabel", { photo: label })} data-testid="memorial-make-cover">
              {t("makeCover")}
            </Button>
          ) : null}
          {photo.status === "published" && photo.source !== "family" ? (
            <Button variant="secondary" disabled={busy} onClick={() => act(() => memorialCalls.updatePhoto(dealId, photo.id, { status: "rejected" }))} aria-label={t("hideLabel", { photo: label })}>
              {t("hide")}
            </Button>
          ) : null}
          {!first ? (
            <Button variant="ghost" disabled={busy} onClick={() => onMove(-1)} aria-label={t("earlierLabel", { photo: label })}>
              {t("earlier")}
            </Button>
          ) : null}
          {!last ? (
            <Button variant="ghost" disabled={busy} onClick={() => onMove(1)} aria-label={t("laterLabel", { photo: label })}>
              {t("later")}
            </Button>
          ) : null}
          <ConfirmButton label={t("delete")} question={t("deleteQuestion")} confirmLabel={t("deleteConfirm")} onConfirm={() => act(() => memorialCalls.removePhoto(dealId, photo.id))} />
        </div>
      ) : null}
    </li>
  );
}
