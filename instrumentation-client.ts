import { config as zodConfig } from "zod/v4/core";
import { publicEnv } from "@/config/public-env";
import { connectSentry } from "@/features/monitoring/sentry-reporter";

// zod probes `new Function` to speed up parsing; under the pages' Content-Security-Policy
// (no eval) the probe fails harmlessly but is reported as a violation. Skip it.
zodConfig({ jitless: true });

void connectSentry(publicEnv.NEXT_PUBLIC_SENTRY_DSN, process.env.NODE_ENV ?? "production");
