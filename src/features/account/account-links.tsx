import { getTranslations } from "next-intl/server";
import { paths } from "@/config/paths";
import { buttonClasses } from "@/ui/button";
import NextLink from "next/link";

/** The account page's link to the password change. */
export async function AccountLinks() {
  const t = await getTranslations("Account");
  return (
    <NextLink href={paths.changePassword()} className={buttonClasses({ variant: "primary" })}>
      {t("changePassword")}
    </NextLink>
  );
}
