import NextLink from "next/link";
import { getTranslations } from "next-intl/server";
import { authPaths } from "@/config/auth-paths";
import { ROLES, type Role } from "@/domain/roles";
import { buttonClasses } from "@/ui/button";

/** The professional home's links: the password change, and the failed jobs for admins. */
export async function ProLinks({ role }: { role: Role }) {
  const t = await getTranslations("Pro.home");
  const jobs = await getTranslations("ProJobs");
  return (
    <>
      <NextLink href={authPaths.proChangePassword()} className={buttonClasses({ variant: "primary" })}>
        {t("changePassword")}
      </NextLink>
      {role === ROLES.ADMIN ? (
        <NextLink href={authPaths.proFailedJobs()} className={buttonClasses({ variant: "secondary" })}>
          {jobs("link")}
        </NextLink>
      ) : null}
    </>
  );
}
