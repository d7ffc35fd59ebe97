import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { isRole, type Role } from "@/domain/roles";
import { Card, CardBody, CardHeader, CardTitle } from "@/ui/card";
import { Heading } from "@/ui/heading";
import { roleKey } from "./role-key";

export interface ProIdentity {
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  demo: boolean;
}

/** Home of the professional space: greets the advisor by name and says the role they signed in with. */
export async function ProHome({ identity, actions }: { identity: ProIdentity; actions: ReactNode }) {
  const t = await getTranslations("Pro.home");
  const roles = await getTranslations("Pro.roles");
  const role = roles(roleKey(identity.role));
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-3">
        <Heading level={1}>{t("greeting", { name: identity.firstname })}</Heading>
        <p className="text-lg text-ink-soft">{t("role", { role })}</p>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card as="section" aria-labelledby="pro-identity">
          <CardHeader>
            <CardTitle id="pro-identity">{t("identityTitle")}</CardTitle>
            {identity.demo ? (
              <p className="mt-1 inline-flex w-fit rounded-sm bg-warning-soft px-2 py-0.5 text-base font-semibold text-warning">{t("demo")}</p>
            ) : null}
          </CardHeader>
          <CardBody>
            <dl className="flex flex-col gap-4">
              <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
                <dt className="font-semibold sm:w-36 sm:shrink-0">{t("name")}</dt>
                <dd>{`${identity.firstname} ${identity.lastname}`}</dd>
              </div>
              <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
                <dt className="font-semibold sm:w-36 sm:shrink-0">{t("email")}</dt>
                <dd className="min-w-0 break-words">
                  <span dir="ltr">{identity.email}</span>
                </dd>
              </div>
              <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
                <dt className="font-semibold sm:w-36 sm:shrink-0">{t("roleLabel")}</dt>
                <dd>{role}</dd>
              </div>
            </dl>
          </CardBody>
        </Card>
        <Card as="section" aria-labelledby="pro-security">
          <CardHeader>
            <CardTitle id="pro-security">{t("securityTitle")}</CardTitle>
          </CardHeader>
          <CardBody className="flex flex-col gap-4">
            <p className="text-ink-soft">{t("securityLead")}</p>
            <div className="flex flex-wrap gap-3">{actions}</div>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

/** What the pro home shows of a business user; a row without a valid role is a data error, not a visitor's. */
export function proIdentity(account: { id: number; email: string; row: unknown }): ProIdentity {
  const row = account.row as { firstname: string; lastname: string; role: number; demo: boolean };
  if (!isRole(row.role)) throw new Error(`business user ${account.id} has no valid role`);
  return { firstname: row.firstname, lastname: row.lastname, email: account.email, role: row.role, demo: row.demo };
}
