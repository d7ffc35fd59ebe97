import NextLink from "next/link";
import { getTranslations } from "next-intl/server";
import { authPaths } from "@/config/auth-paths";
import { buttonClasses } from "@/ui/button";

/** The professional home's link to the password change. */
export async function ProLinks() {
  const t = await getTranslations("Pro.home");
  return (
    <NextLink href={authPaths.proChangePassword()} className={buttonClasses({ variant: "primary" })}>
      {t("changePassword")}
    </NextLink>
  );
}
