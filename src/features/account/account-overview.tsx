import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE } from "@/config/brand";
import { Card, CardBody, CardHeader, CardTitle } from "@/ui/card";
import { Heading } from "@/ui/heading";

/**
 * The number inside a sentence: isolated so a right-to-left sentence does not reverse its
 * digit groups, and unbreakable so it never splits across two lines.
 */
const isolatedPhone = () => `\u2066${ADVISOR_PHONE.replace(/ /g, "\u00a0")}\u2069`;

/** What the account page shows of a family member (from the server's client record). */
export interface AccountIdentity {
  civility: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  addressL2: string | null;
  postalCode: string | null;
  city: string | null;
  demo: boolean;
}

function joined(...parts: Array<string | null | undefined>): string {
  return parts.filter((p) => p && p.trim()).join(" ");
}

/**
 * "My account": who is signed in and the security actions. The actions (password
 * change link, sign-out button) come from the caller, which owns the session.
 */
export async function AccountOverview({ identity, actions }: { identity: AccountIdentity; actions: ReactNode }) {
  const t = await getTranslations("Account");
  const name = joined(identity.civility, identity.firstname, identity.lastname);
  const address = [joined(identity.address), joined(identity.addressL2), joined(identity.postalCode, identity.city)].filter(Boolean);
  const rows: Array<{ label: string; value: ReactNode }> = [
    { label: t("name"), value: name || null },
    { label: t("email"), value: identity.email ? <span dir="ltr">{identity.email}</span> : null },
    { label: t("phone"), value: identity.phone ? <span dir="ltr">{identity.phone}</span> : null },
    { label: t("address"), value: address.length > 0 ? address.map((line) => <span key={line} className="block">{line}</span>) : null },
  ];

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-3">
        <Heading level={1}>{identity.firstname ? t("greeting", { name: identity.firstname }) : t("heading")}</Heading>
        <p className="text-lg text-ink-soft">{t("lead")}</p>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card as="section" aria-labelledby="account-identity">
          <CardHeader>
            <CardTitle id="account-identity">{t("identityTitle")}</CardTitle>
            {identity.demo ? (
              <p className="mt-1 inline-flex w-fit rounded-sm bg-warning-soft px-2 py-0.5 text-base font-semibold text-warning">{t("demo")}</p>
            ) : null}
          </CardHeader>
          <CardBody>
            <dl className="flex flex-col gap-4">
              {rows.map((row) => (
                <div key={row.label} className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
                  <dt className="font-semibold text-ink sm:w-36 sm:shrink-0">{row.label}</dt>
                  <dd className={row.value ? "min-w-0 break-words text-ink" : "text-ink-soft"}>{row.value ?? t("notProvided")}</dd>
                </div>
              ))}
            </dl>
            {identity.demo ? <p className="mt-5 text-base text-ink-soft">{t("demoHint")}</p> : null}
          </CardBody>
        </Card>
        <div className="flex flex-col gap-6">
          <Card as="section" aria-labelledby="account-security">
            <CardHeader>
              <CardTitle id="account-security">{t("securityTitle")}</CardTitle>
            </CardHeader>
            <CardBody className="flex flex-col gap-4">
              <p className="text-ink-soft">{t("securityLead")}</p>
              <div className="flex flex-wrap gap-3">{actions}</div>
            </CardBody>
          </Card>
          <Card as="section" aria-labelledby="account-help">
            <CardHeader>
              <CardTitle id="account-help">{t("helpTitle")}</CardTitle>
            </CardHeader>
            <CardBody>
              <p className="text-ink-soft">{t("help", { phone: isolatedPhone() })}</p>
            </CardBody>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** What the overview shows of a client's row. */
export function accountIdentity(row: AccountIdentity & Record<string, unknown>): AccountIdentity {
  const { civility, firstname, lastname, email, phone, address, addressL2, postalCode, city, demo } = row;
  return { civility, firstname, lastname, email, phone, address, addressL2, postalCode, city, demo };
}
