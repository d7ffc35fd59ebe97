import { serverEnv, type ServerEnv } from "@/config/env";
import type { Db } from "@/server/db/client";
import { almaProvider } from "@/server/integrations/payments/alma-provider";
import { fintectureProvider } from "@/server/integrations/payments/fintecture-provider";
import { ProviderError, type PaymentProviders } from "@/server/integrations/payments/payment-provider";
import { sandboxBankTransferProvider, sandboxCardProvider, sandboxInstalmentProvider } from "@/server/integrations/payments/sandbox/sandbox-providers";
import { worldlineProvider } from "@/server/integrations/payments/worldline-provider";

let override: ((db: Db) => Partial<PaymentProviders>) | null = null;

/** Replaces some providers (tests that make a provider fail or lie); null restores the defaults. */
export function setPaymentProviders(factory: ((db: Db) => Partial<PaymentProviders>) | null): void {
  override = factory;
}

/** Whether the embedded sandbox may stand in for a provider without keys (PAYMENT_SANDBOX). */
export function sandboxAllowed(env: Pick<ServerEnv, "PAYMENT_SANDBOX" | "SITE_URL"> = serverEnv()): boolean {
  return env.PAYMENT_SANDBOX === "on" || (env.PAYMENT_SANDBOX === "auto" && !env.SITE_URL.startsWith("https://"));
}

/** A provider without keys where the sandbox is not allowed: every call fails (503 to the caller). */
function unconfigured<T extends PaymentProviders[keyof PaymentProviders]>(sandbox: T): T {
  const refuse = async (): Promise<never> => Promise.reject(new ProviderError(sandbox.name, "not configured"));
  return { ...sandbox, mode: "live", createCheckout: refuse, fetchStatus: refuse, refund: refuse, verifyCallback: async () => false, ...("eligiblePlans" in sandbox ? { eligiblePlans: refuse } : {}) };
}

/** Each provider's real API when its keys are configured, the embedded sandbox otherwise (when allowed). */
export function paymentProviders(db: Db, env: ServerEnv = serverEnv()): PaymentProviders {
  const { WORLDLINE_API_KEY_ID: keyId, WORLDLINE_API_SECRET: secret, WORLDLINE_MERCHANT_ID: merchant, ALMA_API_KEY: alma } = env;
  const { FINTECTURE_APP_ID: appId, FINTECTURE_APP_SECRET: appSecret, FINTECTURE_PRIVATE_KEY: privateKey } = env;
  const stand = <T extends PaymentProviders[keyof PaymentProviders]>(sandbox: T): T => (sandboxAllowed(env) ? sandbox : unconfigured(sandbox));
  const defaults: PaymentProviders = {
    worldline:
      keyId && secret && merchant ? worldlineProvider({ ...env, WORLDLINE_API_KEY_ID: keyId, WORLDLINE_API_SECRET: secret, WORLDLINE_MERCHANT_ID: merchant }) : stand(sandboxCardProvider(db)),
    alma: alma ? almaProvider({ ...env, ALMA_API_KEY: alma }) : stand(sandboxInstalmentProvider(db)),
    fintecture:
      appId && appSecret && privateKey
        ? fintectureProvider({ ...env, FINTECTURE_APP_ID: appId, FINTECTURE_APP_SECRET: appSecret, FINTECTURE_PRIVATE_KEY: privateKey })
        : stand(sandboxBankTransferProvider(db)),
  };
  return override ? { ...defaults, ...override(db) } : defaults;
}
