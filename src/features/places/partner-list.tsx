import { getFormatter, getTranslations } from "next-intl/server";
import { DemoTag, UnpublishedTag } from "@/ui/tags";
import type { PartnerKind } from "@/server/services/places-page";
import { PARTNER_KINDS, type RankedPartner } from "./nearest-partners";

function addressOf(p: RankedPartner): string | null {
  const town = [p.postalCode, p.city].filter(Boolean).join(" ");
  const parts = [p.address, town].filter((part): part is string => Boolean(part && part.trim()));
  return parts.length > 0 ? parts.join(", ") : null;
}

/**
 * The partner places of a page, one titled list per kind, nearest first. Each place says
 * where it is (distance when known, else "in the commune / département / région"), and
 * demonstration or unpublished places carry a visible tag.
 */
export async function PartnerLists({
  partners,
  communeName,
  headingLevel = "h3",
}: {
  partners: Record<PartnerKind, RankedPartner[]>;
  communeName?: string;
  headingLevel?: "h2" | "h3";
}) {
  const t = await getTranslations("Places.partners");
  const format = await getFormatter();
  const Heading = headingLevel;
  return (
    <div className="grid gap-8 md:grid-cols-2">
      {PARTNER_KINDS.map((kind) => {
        const list = partners[kind];
        return (
          <section key={kind} aria-labelledby={`partners-${kind}`}>
            <Heading id={`partners-${kind}`} className="font-sans text-lg font-semibold">
              {t(kind)}
            </Heading>
            {list.length === 0 ? (
              <p className="mt-2 text-ink-soft">{communeName ? t("noneNear", { commune: communeName }) : t("none")}</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {list.map((p) => {
                  const address = addressOf(p);
                  const where =
                    p.distanceKm !== null
                      ? t("distance", { km: format.number(p.distanceKm, { maximumFractionDigits: 1 }) })
                      : p.scope === "commune" && communeName
                        ? t("inCommune", { commune: communeName })
                        : p.scope === "region"
                          ? t("inRegion")
                          : t("inDepartment");
                  return (
                    <li key={`${kind}-${p.id}`} className="rounded-md border border-line bg-surface p-4">
                      <p className="font-semibold text-ink">
                        <span lang="fr" dir="auto">{p.name}</span>
                        {p.demo ? <DemoTag label={t("demoTag")} /> : null}
                        {p.disabled ? <UnpublishedTag label={t("unpublishedTag")} /> : null}
                      </p>
                      {address ? (
                        <p className="mt-1 text-ink-soft">
                          <span lang="fr" dir="auto">
                            {address}
                          </span>
                        </p>
                      ) : null}
                      <p className="mt-1 text-sm text-ink-soft">{where}</p>
                      {p.phone ? (
                        <p className="mt-1">
                          <a href={`tel:${p.phone.replace(/[^\d+]/g, "")}`} className="text-primary underline" dir="ltr">
                            {p.phone}
                          </a>
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
