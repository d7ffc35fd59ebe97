import { serverEnv, type ServerEnv } from "@/config/env";
import type { Db } from "@/server/db/client";
import { almaProvider } from "@/server/integrations/payments/alma-provider";
import { fintectureProvider } from "@/server/integrations/payments/fintecture-provider";
import type { PaymentProviders } from "@/server/integrations/payments/payment-provider";
import { sandboxBankTransferProvider, sandboxCardProvider, sandboxInstalmentProvider } from "@/server/integrations/payments/sandbox/sandbox-providers";
import { worldlineProvider } from "@/server/integrations/payments/worldline-provider";

let override: ((db: Db) => Partial<PaymentProviders>) | null = null;

/** Replaces some providers (tests that make a provider fail or lie); null restores the defaults. */
export function setPaymentProviders(factory: ((db: Db) => Partial<PaymentProviders>) | null): void {
  override = factory;
}

/** Each provider's real API when its keys are configured, the embedded sandbox otherwise. */
export function paymentProviders(db: Db, env: ServerEnv = serverEnv()): PaymentProviders {
  const { WORLDLINE_API_KEY_ID: keyId, WORLDLINE_API_SECRET: secret, WORLDLINE_MERCHANT_ID: merchant, ALMA_API_KEY: alma } = env;
  const { FINTECTURE_APP_ID: appId, FINTECTURE_APP_SECRET: appSecret, FINTECTURE_PRIVATE_KEY: privateKey } = env;
  const defaults: PaymentProviders = {
    worldline: keyId && secret && merchant ? worldlineProvider({ ...env, WORLDLINE_API_KEY_ID: keyId, WORLDLINE_API_SECRET: secret, WORLDLINE_MERCHANT_ID: merchant }) : sandboxCardProvider(db),
    alma: alma ? almaProvider({ ...env, ALMA_API_KEY: alma }) : sandboxInstalmentProvider(db),
    fintecture:
      appId && appSecret && privateKey
        ? fintectureProvider({ ...env, FINTECTURE_APP_ID: appId, FINTECTURE_APP_SECRET: appSecret, FINTECTURE_PRIVATE_KEY: privateKey })
        : sandboxBankTransferProvider(db),
  };
  return override ? { ...defaults, ...override(db) } : defaults;
}
