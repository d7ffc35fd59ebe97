import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { BRAND } from "@/config/brand";
import { isRole } from "@/domain/roles";
import { NotificationsMenu } from "./notifications-menu";
import { ProShellFrame } from "./pro-shell-frame";
import { proNavItems } from "./pro-nav";

const ROLE_KEYS = ["admin", "funeralDirector", "funeralAdvisor", "analyticsGuest", "pro"] as const;

/** The signed-in business user as the workspace frame shows them. */
export interface ProShellUser {
  firstname: string;
  lastname: string;
  role: number;
}

/** The row of a signed-in business account the frame needs (null without a valid role). */
export function proShellUser(row: unknown): ProShellUser | null {
  const user = row as { firstname?: unknown; lastname?: unknown; role?: unknown };
  if (!isRole(user.role) || typeof user.firstname !== "string" || typeof user.lastname !== "string") return null;
  return { firstname: user.firstname, lastname: user.lastname, role: user.role };
}

/**
 * One header for every signed-in /pro page: product name, the role's sections, the
 * notifications, who is signed in with which role, and the sign-out (a slot: it belongs
 * to the auth feature).
 */
export async function ProShell({ user, signOut }: { user: ProShellUser; signOut: ReactNode }) {
  const t = await getTranslations("ProShell");
  const roles = await getTranslations("Pro.roles");
  if (!isRole(user.role)) return null;
  const items = proNavItems(user.role).map((item) => ({ ...item, label: t(`nav.${item.key}`) }));
  return (
    <ProShellFrame
      items={items}
      labels={{ product: t("product", { brand: BRAND }), navLabel: t("navLabel"), openMenu: t("openMenu"), closeMenu: t("closeMenu"), signedInAs: t("signedInAs") }}
      user={{ name: `${user.firstname} ${user.lastname}`, role: roles(ROLE_KEYS[user.role]) }}
      notifications={<NotificationsMenu />}
      signOut={signOut}
    />
  );
}
