"use client";

import { useTranslations } from "next-intl";
import type { UserType } from "@/domain/roles";
import { logout, selectIsLoggingOut } from "@/store/auth-slice";
import { useAppDispatch, useAppSelector } from "@/store/hooks";
import { Button, type ButtonProps } from "@/ui/button";
import { REALMS } from "./auth-realm";

/**
 * Signs this device out (token and cookie, SPEC §4: errors ignored, local data cleared)
 * and opens the sign-in page of the space the user was in.
 */
export function SignOutButton({ realm, variant = "secondary", className }: { realm: UserType; variant?: ButtonProps["variant"]; className?: string }) {
  const t = useTranslations("Auth.signOut");
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectIsLoggingOut);
  return (
    <Button
      variant={variant}
      className={className}
      loading={pending}
      onClick={async () => {
        await dispatch(logout());
        window.location.assign(REALMS[realm].signIn);
      }}
    >
      {t("button")}
    </Button>
  );
}
