import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { DIRECTORY_LABELS_NAMESPACE, typeLabelKey, type DirectoryGroup } from "@/domain/directory/descriptor";
import { directoryDescriptor } from "@/domain/directory/registry";
import { ROLES, type Role } from "@/domain/roles";
import { ClientMessages } from "@/i18n/client-messages";
import { Heading } from "@/ui/heading";
import { DirectoryIndex } from "./directory-index";
import { DirectoryList } from "./directory-list";
import { EntryEditor } from "./entry-editor";
import { readListState } from "./list-query";

/**
 * The /pro/annuaire pages: the directory's types, one list per type, one page per entry.
 * Funeral staff (roles 0-2) read and change everything; a partner professional (4) sees
 * what the API lets it see (its organisation's entries); analytics guests (3) are told the
 * directory is not theirs. The data is read in the browser through the API, which decides.
 */

const READERS: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR, ROLES.PRO];
const EDITORS: readonly Role[] = [ROLES.ADMIN, ROLES.FUNERAL_DIRECTOR, ROLES.FUNERAL_ADVISOR];

/** Staff change every entry; a partner professional its own organisation's entry (the API checks which), never a reference list. */
function mayEdit(role: Role, group: DirectoryGroup): boolean {
  return EDITORS.includes(role) || (role === ROLES.PRO && group !== "reference");
}

export async function directoryMetadata(locale: string, type?: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "Directory" });
  const l = await getTranslations({ locale, namespace: DIRECTORY_LABELS_NAMESPACE });
  const descriptor = type ? directoryDescriptor(type) : null;
  const title = descriptor ? l(`${typeLabelKey(descriptor)}.other`) : t("index.title");
  return { title: `${title} | ${BRAND}`, robots: { index: false, follow: false } };
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages namespaces={["Directory", DIRECTORY_LABELS_NAMESPACE]}>
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">{children}</div>
    </ClientMessages>
  );
}

async function Forbidden() {
  const t = await getTranslations("Directory.index");
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <Heading level={1}>{t("title")}</Heading>
      <p className="mt-3 text-lg">{t("forbidden")}</p>
    </div>
  );
}

export async function DirectoryIndexPage({ role }: { role: Role }) {
  if (!READERS.includes(role)) return <Forbidden />;
  return (
    <Frame>
      <DirectoryIndex canEdit={EDITORS.includes(role)} />
    </Frame>
  );
}

export async function DirectoryTypePage({ role, type, searchParams }: { role: Role; type: string; searchParams: Record<string, string | string[] | undefined> }) {
  const descriptor = directoryDescriptor(type);
  if (!descriptor) notFound();
  if (!READERS.includes(role)) return <Forbidden />;
  return (
    <Frame>
      <DirectoryList type={type} initial={readListState(descriptor, searchParams)} staff={EDITORS.includes(role)} />
    </Frame>
  );
}

export async function DirectoryEntryPage({ role, type, id }: { role: Role; type: string; id: string | null }) {
  const descriptor = directoryDescriptor(type);
  const numeric = id === null ? null : /^\d{1,9}$/.test(id) ? Number(id) : 0;
  if (!descriptor || numeric === 0) notFound();
  if (!READERS.includes(role) || (numeric === null && !EDITORS.includes(role))) return <Forbidden />;
  return (
    <Frame>
      <EntryEditor key={`${type}-${id ?? "new"}`} type={type} id={numeric} canEdit={mayEdit(role, descriptor.group)} />
    </Frame>
  );
}
