import { authPaths } from "@/config/auth-paths";
import type { UserType } from "@/domain/roles";

/**
 * Families and professionals go through the same journeys on separate endpoints and
 * pages (SPEC §6: separate authentications). Everything that differs is here.
 */
export interface RealmConfig {
  userType: UserType;
  /** Base of the authentication API (SPEC §7). */
  api: string;
  signIn: string;
  home: string;
  forgotPassword: string;
  resetPassword: string;
  changePassword: string;
}

export const REALMS: Record<UserType, RealmConfig> = {
  client: {
    userType: "client",
    api: "/api/v1/auth",
    signIn: authPaths.login(),
    home: authPaths.clientSpace(),
    forgotPassword: authPaths.forgotPassword(),
    resetPassword: authPaths.resetPassword(),
    changePassword: authPaths.changePassword(),
  },
  business_user: {
    userType: "business_user",
    api: "/api/v1/pro/auth",
    signIn: authPaths.proLogin(),
    home: authPaths.proHome(),
    forgotPassword: authPaths.proForgotPassword(),
    resetPassword: authPaths.proResetPassword(),
    changePassword: authPaths.proChangePassword(),
  },
};

/** The realm a page belongs to, from its path: the professional space lives under /pro. */
export function realmOfPath(pathname: string): UserType {
  return pathname === authPaths.proHome() || pathname.startsWith(`${authPaths.proHome()}/`) ? "business_user" : "client";
}
