import { getTranslations } from "next-intl/server";
import { ADVISOR_PHONE } from "@/config/brand";
import type { UserType } from "@/domain/roles";
import { Card, CardBody } from "@/ui/card";
import { Link } from "@/ui/link";
import { REALMS } from "./auth-realm";

/**
 * The number inside a sentence: isolated so a right-to-left sentence does not reverse its
 * digit groups, and unbreakable so it never splits across two lines.
 */
const isolatedPhone = () => `\u2066${ADVISOR_PHONE.replace(/ /g, "\u00a0")}\u2069`;

/** Beside the sign-in form: how an account comes to exist, and the way to the other space. */
export async function SignInAside({ realm }: { realm: UserType }) {
  const t = await getTranslations("Auth.aside");
  const other = realm === "client" ? REALMS.business_user : REALMS.client;
  return (
    <>
      <Card>
        <CardBody className="flex flex-col gap-2">
          <h2 className="font-serif text-xl font-semibold">{realm === "client" ? t("noAccountTitle") : t("proAccessTitle")}</h2>
          <p className="text-ink-soft">{realm === "client" ? t("noAccount", { phone: isolatedPhone() }) : t("proAccess")}</p>
        </CardBody>
      </Card>
      <Card>
        <CardBody className="flex flex-col gap-2">
          <h2 className="font-serif text-xl font-semibold">{realm === "client" ? t("proTitle") : t("familyTitle")}</h2>
          <Link href={other.signIn} variant="standalone">
            {realm === "client" ? t("proLink") : t("familyLink")}
          </Link>
        </CardBody>
      </Card>
    </>
  );
}
