import NextLink from "next/link";
import { getTranslations } from "next-intl/server";
import { authPaths } from "@/config/auth-paths";
import { paths } from "@/config/paths";
import { ROLES, type Role } from "@/domain/roles";
import { buttonClasses } from "@/ui/button";

/**
 * The professional home's links: first where the role works (the deals board, or the
 * statistics for the analytics guest), then the password change, families' payments for
 * the funeral staff, and the failed jobs for admins.
 */
export async function ProLinks({ role }: { role: Role }) {
  const t = await getTranslations("Pro.home");
  const start = await getTranslations("ProShell.home");
  const guest = role === ROLES.ANALYTICS_GUEST;
  const jobs = await getTranslations("ProJobs");
  const payments = await getTranslations("ProPayments.lookup");
  return (
    <>
      <NextLink href={guest ? paths.proStatistics() : paths.proDeals()} className={buttonClasses({ variant: "primary" })}>
        {guest ? start("statistics") : start("deals")}
      </NextLink>
      <NextLink href={authPaths.proChangePassword()} className={buttonClasses({ variant: "secondary" })}>
        {t("changePassword")}
      </NextLink>
      {role === ROLES.ADMIN || role === ROLES.FUNERAL_DIRECTOR || role === ROLES.FUNERAL_ADVISOR ? (
        <NextLink href={paths.proPayments()} className={buttonClasses({ variant: "secondary" })}>
          {payments("link")}
        </NextLink>
      ) : null}
      {role === ROLES.ADMIN ? (
        <NextLink href={authPaths.proFailedJobs()} className={buttonClasses({ variant: "secondary" })}>
          {jobs("link")}
        </NextLink>
      ) : null}
    </>
  );
}
