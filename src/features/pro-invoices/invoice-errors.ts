"use client";

import { useTranslations } from "next-intl";
import { ApiError } from "@/api-client/api-error";
import { messageKeyForCode, UNHANDLED } from "@/domain/errors";

/** Sentences for a failed call's codes in the reader's language, without repeats (a lost connection is `no_network`). */
export function useInvoiceErrors() {
  const t = useTranslations("Errors");
  return (error: unknown) => {
    const codes = error instanceof ApiError && error.codes.length > 0 ? error.codes : [UNHANDLED];
    return [...new Set(codes.map((code) => t(messageKeyForCode(code))))];
  };
}
